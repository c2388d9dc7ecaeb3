import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../../shared/money';
import { bankAccounts, bills, categories, invoices } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { paidInvoiceUrl } from '../../sales/payments';
import { recordUrl } from '../../urls';
import { decimal, type ApiRecord } from '../../values';
import type { TransactionRow } from '../records';
import type { Guess, GuessLine } from './guess';

/** A line whose confident suggestion is taken (or would be, in a preview). */
export interface Chosen {
  row: TransactionRow;
  line: GuessLine;
  guess: Guess;
}

interface Group {
  kind: string;
  url: string;
  name: string;
}

/** What a suggestion explains the line as: a category, a transfer, an invoice or a bill, with its url. */
function groupKey(ctx: EngineContext, guess: Guess): { kind: string; url: string } {
  if (guess.categoryCode !== undefined) return { kind: 'category', url: `${ctx.origin}/v2/categories/${guess.categoryCode}` };
  if (guess.transferAccountId !== undefined) return { kind: 'transfer', url: recordUrl(ctx, 'bank_accounts', guess.transferAccountId) };
  if (guess.paidInvoiceId !== undefined) return { kind: 'invoice', url: paidInvoiceUrl(ctx, guess.paidInvoiceId) ?? recordUrl(ctx, 'invoices', guess.paidInvoiceId) };
  return { kind: 'bill', url: recordUrl(ctx, 'bills', guess.paidBillId!) };
}

function groupName(ctx: EngineContext, guess: Guess): string {
  if (guess.categoryCode !== undefined) return ctx.db.select({ name: categories.description }).from(categories).where(eq(categories.nominalCode, guess.categoryCode)).get()?.name ?? guess.categoryCode;
  if (guess.transferAccountId !== undefined) return ctx.db.select({ name: bankAccounts.name }).from(bankAccounts).where(eq(bankAccounts.id, guess.transferAccountId)).get()?.name ?? '';
  if (guess.paidInvoiceId !== undefined) return ctx.db.select({ name: invoices.reference }).from(invoices).where(eq(invoices.id, guess.paidInvoiceId)).get()?.name ?? '';
  return ctx.db.select({ name: bills.reference }).from(bills).where(eq(bills.id, guess.paidBillId!)).get()?.name ?? '';
}

/**
 * The summary the desk shows before it asks, and after: how many lines, what total, to what. A name
 * is looked up once per group, not once per line (10,000 lines of one category are one lookup).
 */
export function summary(ctx: EngineContext, chosen: readonly Chosen[], native: string): ApiRecord {
  const groups = new Map<string, Group & { count: number; totalMinor: number }>();
  let moneyIn = 0;
  let moneyOut = 0;
  for (const { line, guess } of chosen) {
    if (line.remainingMinor > 0) moneyIn += line.remainingMinor;
    else moneyOut += line.remainingMinor;
    const key = groupKey(ctx, guess);
    let entry = groups.get(key.url);
    if (!entry) {
      entry = { ...key, name: groupName(ctx, guess), count: 0, totalMinor: 0 };
      groups.set(key.url, entry);
    }
    entry.count += 1;
    entry.totalMinor += line.remainingMinor;
  }
  return {
    count: chosen.length,
    total: decimal(fromMinor(moneyIn + moneyOut, native)),
    money_in: decimal(fromMinor(moneyIn, native)),
    money_out: decimal(fromMinor(moneyOut, native)),
    groups: [...groups.values()]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .map((group) => ({ kind: group.kind, url: group.url, name: group.name, count: group.count, total: decimal(fromMinor(group.totalMinor, native)) })),
    bank_transactions: chosen.map(({ row }) => recordUrl(ctx, 'bank_transactions', row.id)),
  };
}
