import Decimal from 'decimal.js';
import { asc, inArray } from 'drizzle-orm';
import { VAT_BOXES } from '../../../shared/api/vat_returns';
import type { Db } from '../../db/client';
import { vatReturnStates } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import type { VatBoxes } from '../reports/vat-boxes';
import { ledgerVatBoxes } from '../reports/vat-return-boxes';
import { vatPeriods, type VatPeriod } from '../reports/vat-periods';
import { vatSchemeHistory, type VatSchemeHistory } from '../vat-scheme';
import { FILED_VAT_STATUSES } from './locks';
import { preparedPerConnection } from '../prepared';

interface FiledReturn {
  endsOn: string;
  status: string;
  /** The nine boxes as filed (filed_boxes); null for a return stored filed without them. */
  boxes: VatBoxes | null;
}

// Asked after every part of a bulk write (a line of a bulk accept): built and prepared once per connection.
const filedQuery = preparedPerConnection((db: Db) =>
  db
    .select({ endsOn: vatReturnStates.periodEndsOn, status: vatReturnStates.filingStatus, boxes: vatReturnStates.filedBoxes })
    .from(vatReturnStates)
    .where(inArray(vatReturnStates.filingStatus, [...FILED_VAT_STATUSES]))
    .orderBy(asc(vatReturnStates.periodEndsOn))
    .prepare(),
);

function filedReturns(ctx: Pick<EngineContext, 'db'>): FiledReturn[] {
  return filedQuery(ctx.db)
    .all()
    .map((row) => ({ endsOn: row.endsOn, status: row.status, boxes: row.boxes ? (JSON.parse(row.boxes) as VatBoxes) : null }));
}

/** Cash accounting at any time: a document's VAT then counts in the period it is paid in, not the one it is dated in. */
const usesCashAccounting = (history: VatSchemeHistory) => history.initial.basis === 'Cash' || history.changes.some((change) => change.vat_basis === 'Cash');

const holds = (period: VatPeriod, day: string) => period.startsOn <= day && day <= period.endsOn;

/** Minor units as the return page shows them, in pounds: "£1,200.00", "-£10.00". */
function pounds(minor: number): string {
  const [whole, pence] = new Decimal(Math.abs(minor)).dividedBy(100).toFixed(2).split('.') as [string, string];
  return `${minor < 0 ? '-' : ''}£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

function refusal(filed: FiledReturn, box: number, now: VatBoxes): string {
  const frozen = filed.boxes!;
  const number = box as keyof VatBoxes;
  // Only a return marked filed by hand can be unfiled; one filed with HMRC online stays filed.
  const unfile = filed.status === 'marked_as_filed' ? ', or mark the return as unfiled if it was never sent' : '';
  return (
    `The VAT return for the period ending ${filed.endsOn} is filed, and this change would move its box ${box} from ${pounds(frozen[number])} (as filed) to ${pounds(now[number])}; ` +
    `a filed return's figures cannot change, so nothing was saved (put a VAT error right on a later return, VAT Notice 700/45${unfile})`
  );
}

/**
 * A filed VAT return's figures must not move. Called once a request's writes are done, inside its
 * transaction, with the days they touched: every filed return whose period holds one of them (under
 * cash accounting, every filed return from the earliest of them on, since paying or changing a document
 * moves the period it is paid in) is worked out again from the ledger, as its page would, and all nine
 * boxes must equal the figures it was filed with; otherwise a 422 names the return and the first box
 * that moved, and the transaction rolls back. Days after the latest filed return cost one look-up.
 * `days` is only read when some return is filed.
 */
export function assertFiledVatReturnsKept(ctx: Pick<EngineContext, 'db' | 'book' | 'today'>, days: () => Iterable<string>): void {
  const filed = filedReturns(ctx);
  if (filed.length === 0) return;
  const latest = filed.at(-1)!.endsOn;
  const touched = [...new Set(days())].filter((day) => day <= latest).sort();
  if (touched.length === 0) return;
  const company = loadCompany(ctx);
  const periods = new Map(vatPeriods(company, ctx.today).map((period) => [period.endsOn, period]));
  const onCash = usesCashAccounting(vatSchemeHistory(ctx, company));
  for (const entry of filed) {
    // A filed return's period is fixed while it is filed (company-update.ts refuses to move the registration).
    const period = periods.get(entry.endsOn);
    if (!period) continue;
    if (!touched.some((day) => holds(period, day)) && !(onCash && period.endsOn >= touched[0]!)) continue;
    if (entry.boxes === null) {
      throw unprocessable(`The VAT return for the period ending ${entry.endsOn} is filed, but the figures it was filed with were not kept, so nothing dated in its period can change`);
    }
    const now = ledgerVatBoxes(ctx, period);
    const moved = VAT_BOXES.find(({ box_number: box }) => now[box] !== entry.boxes![box]);
    if (moved) throw unprocessable(refusal(entry, moved.box_number, now));
  }
}

/**
 * Runs one part of a bulk write (a line of a bulk accept, an auto-explained statement line, a recurring
 * invoice) in a savepoint of its own that is checked on its own: a part that would move a filed
 * return is refused and undone alone, the rest stand. The request's own check still follows at its end.
 */
export function keepingFiledVatReturns<T>(ctx: EngineContext, run: () => T): T {
  const outer = [...ctx.touchedDays];
  ctx.touchedDays.clear();
  try {
    return ctx.book.sqlite.transaction(() => {
      const result = run();
      assertFiledVatReturnsKept(ctx, () => ctx.touchedDays);
      return result;
    })();
  } finally {
    for (const day of outer) ctx.touchedDays.add(day);
  }
}
