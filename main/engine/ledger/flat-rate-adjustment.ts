import type Database from 'better-sqlite3';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { ApiError } from '../errors';
import { irrecoverableVatByCategory, NO_LINE, shareOut } from '../reports/vat-flat-rate-costs';
import { invoiceBasisRows } from '../reports/vat-basis';
import { vatPeriods, type VatPeriod } from '../reports/vat-periods';
import { schemeVatFigures, type FlatRateSummary } from '../reports/vat-scheme-boxes';
import { isStandardThroughout, vatSchemeHistory } from '../vat-scheme';
import { postingDaysOfSet } from './change-set-days';
import { replacePostingRows, type PostingLine } from './posting-rows';

/**
 * The flat rate scheme in the ledger (docs/api-notes.md, "The flat rate scheme in the ledger"). The
 * documents post VAT as invoices and receipts show it (819 charged, 818 paid); under the scheme the
 * company owes HMRC the flat rate instead, keeps the difference (the flat rate surplus, income) and
 * reclaims nothing but capital goods of £2,000 or more (the rest is part of the cost). One derived
 * journal per return does that, dated the period's last day: the surplus from the VAT account (817) to
 * Flat Rate Scheme Surplus (055), and the VAT not reclaimed from 817 to the categories it was paid on,
 * so that the VAT accounts move by exactly the return's box 5. It is the engine's, not the user's: kept
 * in step by every write while the return is open, frozen once it is filed, never synced.
 */
export const FLAT_RATE_SOURCE = 'vat_flat_rate_adjustments';

const VAT_CONTROL = '817';
const SURPLUS = '055';
/** Where VAT goes that no purchase line carries (a journal straight to VAT Reclaimed): Sundries. */
const NO_LINE_COST = '280';
/** States in which a return's figures are final: its adjustment is left as it was when it was filed. */
const FINAL_STATES = new Set(['marked_as_filed', 'filed', 'pending']);

/** The journal's source id: the period's last day as a number (20261031), one journal per return. */
export const flatRateSourceId = (endsOn: string) => Number(endsOn.replaceAll('-', ''));
/** The period end a journal belongs to, back from its source id. */
export const periodEndOfSource = (sourceId: number) => {
  const digits = String(sourceId);
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
};

const categoryByCode = (sqlite: Database.Database, code: string) => sqlite.prepare('SELECT id FROM categories WHERE nominal_code = ?').pluck().get(code) as number | undefined;

/** The irrecoverable VAT by category: the invoice-dated lines' spread, scaled to the return's exact figure (cash accounting). */
function irrecoverable(sqlite: Database.Database, summary: FlatRateSummary): Map<number, number> {
  const weights = new Map<number, number>();
  for (const range of summary.ranges) {
    for (const [categoryId, vat] of irrecoverableVatByCategory(invoiceBasisRows(sqlite, range.startsOn, range.endsOn))) weights.set(categoryId, (weights.get(categoryId) ?? 0) + vat);
  }
  return shareOut(summary.reclaimedVat - summary.capitalVat - summary.reverseChargeVat, weights);
}

/** The adjustment's lines for one period; none when no part of it is on the flat rate scheme or nothing moves. */
export function flatRateAdjustmentLines(sqlite: Database.Database, summary: FlatRateSummary, period: VatPeriod): PostingLine[] {
  if (summary.ranges.length === 0) return [];
  const control = categoryByCode(sqlite, VAT_CONTROL);
  const surplusCategory = categoryByCode(sqlite, SURPLUS);
  const noLine = categoryByCode(sqlite, NO_LINE_COST);
  // A chart without the UK VAT codes has no flat rate scheme to post.
  if (control === undefined || surplusCategory === undefined || noLine === undefined) return [];
  const datedOn = period.endsOn;
  const lines: PostingLine[] = [{ categoryId: surplusCategory, debitMinor: summary.flatRateVat - summary.chargedVat, datedOn, description: 'Flat rate scheme surplus' }];
  for (const [categoryId, vat] of irrecoverable(sqlite, summary)) {
    lines.push({ categoryId: categoryId === NO_LINE ? noLine : categoryId, debitMinor: vat, datedOn, description: 'VAT not reclaimed under the flat rate scheme' });
  }
  const others = lines.reduce((sum, line) => sum + line.debitMinor, 0);
  lines.push({ categoryId: control, debitMinor: -others, datedOn, description: 'Flat rate scheme adjustment to the VAT account' });
  return lines.filter((line) => line.debitMinor !== 0);
}

interface StoredLine {
  categoryId: number;
  debitMinor: number;
  datedOn: string;
  description: string;
}

const signature = (lines: readonly StoredLine[]) =>
  lines
    .map((line) => `${line.categoryId}|${line.debitMinor}|${line.datedOn}|${line.description}`)
    .sort()
    .join('\n');

function storedLines(sqlite: Database.Database, sourceId: number): StoredLine[] {
  return sqlite
    .prepare<[string, number], StoredLine>('SELECT category_id AS categoryId, debit_minor AS debitMinor, dated_on AS datedOn, description FROM postings WHERE source_resource = ? AND source_id = ?')
    .all(FLAT_RATE_SOURCE, sourceId);
}

/** Writes a period's journal only when it differs, so that a write elsewhere leaves no trace here (nor in its undo). */
function keep(ctx: EngineContext, sourceId: number, lines: readonly PostingLine[]): void {
  if (signature(storedLines(ctx.book.sqlite, sourceId)) === signature(lines)) return;
  replacePostingRows(ctx, FLAT_RATE_SOURCE, sourceId, lines);
}

const finalPeriodEnds = (sqlite: Database.Database) =>
  new Set(sqlite.prepare('SELECT period_ends_on FROM vat_return_states WHERE filing_status IN (?, ?, ?)').pluck().all(...FINAL_STATES) as string[]);

/** Tables whose rows change what every return says (the schemes, the registration, a return unfiled). */
const WHOLE_BOOK_TABLES = ['company', 'book_settings', 'vat_return_states'];

const touchesWholeBook = (sqlite: Database.Database, setId: number) =>
  sqlite.prepare(`SELECT 1 FROM change_set_rows WHERE set_id = ? AND tbl IN (${WHOLE_BOOK_TABLES.map(() => '?').join(', ')}) LIMIT 1`).get(setId, ...WHOLE_BOOK_TABLES) !== undefined;

/**
 * Brings the flat rate journal of every open return the write could have changed in step with the
 * ledger, inside that write (one request, one transaction, one change set: undo takes the journal back
 * with it). A write to the company, its settings (the schemes) or a return's state reads every return
 * again, and takes away the journals of periods no longer on the scheme (or no longer periods); any
 * other write reads the periods holding the days it posted on. Filed returns keep theirs. A book off
 * the scheme pays one indexed look-up per write. `setId` is the write's change set; null reads all.
 */
export function keepFlatRateAdjustments(ctx: EngineContext, setId: number | null): void {
  const sqlite = ctx.book.sqlite;
  const whole = setId === null || touchesWholeBook(sqlite, setId);
  const company = loadCompany(ctx);
  const history = vatSchemeHistory(ctx, company);
  const onScheme = company.vatRegistered && !isStandardThroughout(history);
  if (!onScheme && !whole) return;
  const days = whole ? null : postingDaysOfSet(sqlite, setId!);
  if (days !== null && days.length === 0) return;
  const final = finalPeriodEnds(sqlite);
  const wanted = new Map<number, PostingLine[]>();
  const periods = onScheme ? vatPeriods(company, ctx.today) : [];
  const touched = (period: VatPeriod) => days === null || days.some((day) => day >= period.startsOn && day <= period.endsOn);
  for (const period of periods) {
    if (final.has(period.endsOn) || !touched(period)) continue;
    wanted.set(flatRateSourceId(period.endsOn), linesOrNone(ctx, company, history, period));
  }
  if (whole) {
    const existing = sqlite.prepare('SELECT DISTINCT source_id FROM postings WHERE source_resource = ?').pluck().all(FLAT_RATE_SOURCE) as number[];
    for (const sourceId of existing) if (!wanted.has(sourceId) && !final.has(periodEndOfSource(sourceId))) keep(ctx, sourceId, []);
  }
  for (const [sourceId, lines] of wanted) keep(ctx, sourceId, lines);
}

/**
 * A period the return itself refuses to work out (a flat rate period before the sector table held,
 * answered 422 on reading it) gets no journal, rather than every write in the book being refused.
 */
function linesOrNone(ctx: EngineContext, company: ReturnType<typeof loadCompany>, history: ReturnType<typeof vatSchemeHistory>, period: VatPeriod): PostingLine[] {
  try {
    return flatRateAdjustmentLines(ctx.book.sqlite, schemeVatFigures(ctx, company, history, period).flatRate, period);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return [];
    throw error;
  }
}
