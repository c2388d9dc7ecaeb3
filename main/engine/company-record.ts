import { company } from '../db/schema';
import type { CompanyType } from '../../shared/api/company';
import { storedFirstAccountingYearStart, storedFirstVatPeriodEnd } from './company-settings';
import type { Db } from '../db/client';
import type { EngineContext } from './context';
import { preparedPerConnection } from './prepared';

export type CompanyRow = typeof company.$inferSelect & {
  type: CompanyType;
  /** The end of the first VAT period when the user picked the stagger (book_settings); null for the default. */
  firstVatPeriodEndsOn: string | null;
  /**
   * The first day of the first accounting year, from which the years are counted: the company start
   * date (the day the books start) unless the books start part-way through that year (book_settings).
   */
  firstAccountingYearStart: string;
};

// Nearly every request reads the company (a report's period, a record's currency): building the
// select and preparing it each time was 40% of a page of accounting transactions (profile, issue 23).
const companyQuery = preparedPerConnection((db: Db) => db.select().from(company).prepare());

/** The book's company; every book has one from the moment it is created. */
export function loadCompany(ctx: Pick<EngineContext, 'db'>): CompanyRow {
  const row = companyQuery(ctx.db).get();
  if (!row) throw new Error('The book has no company');
  return {
    ...(row as typeof row & { type: CompanyType }),
    firstVatPeriodEndsOn: storedFirstVatPeriodEnd(ctx.db),
    firstAccountingYearStart: storedFirstAccountingYearStart(ctx.db) ?? row.companyStartDate,
  };
}
