import type Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import type { CompanyType } from '../../../shared/api/company';
import type { UserRole } from '../../../shared/api/users';
import type { UserRow } from '../context';
import { CORPORATION_TAX_CODES } from './retained-profit-codes';
import type { TaxYear } from './tax-years';

/**
 * Who files a self assessment return the books can estimate, by company type: the owner of a sole
 * trade or a letting business, the partners (an Owner of a partnership counts as one), and the
 * directors, shareholders and owner of a limited company. Other company types are not UK taxpayers'
 * businesses here; employees and accountants file nothing the books know of.
 */
const FILERS: Readonly<Partial<Record<CompanyType, readonly UserRole[]>>> = {
  UkSoleTrader: ['Owner'],
  UkUnincorporatedLandlord: ['Owner'],
  UkPartnership: ['Owner', 'Partner'],
  UkLimitedCompany: ['Owner', 'Director', 'Shareholder'],
};

export function filesSelfAssessment(type: CompanyType, role: string): boolean {
  return (FILERS[type] ?? []).includes(role as UserRole);
}

const UNINCORPORATED: ReadonlySet<CompanyType> = new Set(['UkSoleTrader', 'UkUnincorporatedLandlord', 'UkPartnership']);

/** What the books know a user earned in a tax year, in native minor units (pence). */
export interface UserIncome {
  /** Their share of the business's taxable profit (unincorporated businesses only). */
  profitShare: Decimal;
  /** Whether that profit is from self-employment (Class 4 applies) rather than letting property. */
  selfEmployed: boolean;
  /** Gross pay (401 salaries, 407 directors' salaries) attributed to them. */
  salary: Decimal;
  /** Dividends on their 908-N account. */
  dividends: Decimal;
}

interface Period {
  from: string;
  to: string;
}

const PROFIT_CATEGORIES = `SELECT id FROM categories WHERE CAST(base_code AS INTEGER) BETWEEN 1 AND 599 AND base_code NOT IN (${[...CORPORATION_TAX_CODES].map((code) => `'${code}'`).join(', ')})`;

/**
 * The business's taxable profit for the year: income less expenses, with expenses on categories not
 * allowable for tax (business entertaining, for one) added back. A loss counts as no profit.
 */
function taxableProfit(sqlite: Database.Database, period: Period): number {
  const row = sqlite
    .prepare<Period, { total: number; disallowed: number }>(
      `SELECT coalesce(sum(p.debit_minor), 0) AS total, coalesce(sum(CASE WHEN c.allowable_for_tax = 0 THEN p.debit_minor END), 0) AS disallowed
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.category_id IN (${PROFIT_CATEGORIES}) AND p.dated_on BETWEEN @from AND @to`,
    )
    .get(period)!;
  return Math.max(0, -row.total + row.disallowed);
}

interface PayDocument {
  gross: number;
  directorsGross: number;
  mine: number;
  allNet: number;
}

/**
 * Pay attributed to a user. A payroll journal credits each employee's net pay to their 902-N account;
 * the gross (401 and 407) of that journal is shared among the people it pays in proportion to their
 * net pay. Directors' pay (407) in a journal that pays nobody by name (merged payroll against a
 * control account) is shared equally among the directors.
 */
function salary(sqlite: Database.Database, period: Period, user: UserRow, directors: number): Decimal {
  const documents = sqlite
    .prepare<Period & { user: number }, PayDocument>(
      `SELECT
         coalesce(sum(CASE WHEN c.base_code IN ('401', '407') THEN p.debit_minor END), 0) AS gross,
         coalesce(sum(CASE WHEN c.base_code = '407' THEN p.debit_minor END), 0) AS directorsGross,
         coalesce(sum(CASE WHEN c.base_code = '902' AND c.user_id = @user THEN -p.debit_minor END), 0) AS mine,
         coalesce(sum(CASE WHEN c.base_code = '902' THEN -p.debit_minor END), 0) AS allNet
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.category_id IN (SELECT id FROM categories WHERE base_code IN ('401', '407', '902')) AND p.dated_on BETWEEN @from AND @to
       GROUP BY p.source_resource, p.source_id`,
    )
    .all({ ...period, user: user.id });
  let total = new Decimal(0);
  for (const document of documents) {
    if (document.allNet > 0) total = total.plus(new Decimal(document.gross).times(document.mine).dividedBy(document.allNet));
    else if (user.role === 'Director' && directors > 0) total = total.plus(new Decimal(document.directorsGross).dividedBy(directors));
  }
  return total;
}

function dividends(sqlite: Database.Database, period: Period, userId: number): number {
  return sqlite
    .prepare<Period & { user: number }, number>(
      `SELECT coalesce(sum(debit_minor), 0) FROM postings
       WHERE category_id IN (SELECT id FROM categories WHERE base_code = '908' AND user_id = @user) AND dated_on BETWEEN @from AND @to`,
    )
    .pluck()
    .get({ ...period, user: userId })!;
}

/**
 * A user's income in a tax year as far as the books know it: their equal share of an unincorporated
 * business's profit (partners share equally; the books hold no profit-sharing ratios), their pay
 * from payroll journals, and their dividends.
 */
export function userIncome(sqlite: Database.Database, type: CompanyType, user: UserRow, everyone: readonly UserRow[], year: TaxYear): UserIncome {
  const period = { from: year.startsOn, to: year.endsOn };
  const sharers = everyone.filter((other) => filesSelfAssessment(type, other.role)).length;
  const unincorporated = UNINCORPORATED.has(type);
  const directors = everyone.filter((other) => other.role === 'Director').length;
  return {
    profitShare: unincorporated && sharers > 0 ? new Decimal(taxableProfit(sqlite, period)).dividedBy(sharers) : new Decimal(0),
    selfEmployed: type !== 'UkUnincorporatedLandlord',
    salary: unincorporated ? new Decimal(0) : salary(sqlite, period, user, directors),
    dividends: new Decimal(dividends(sqlite, period, user.id)),
  };
}
