import { and, inArray, lte } from 'drizzle-orm';
import { bills, contacts, invoices } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { paidBy, paymentsByBill } from '../purchases/bill-payments';
import { contactName } from '../sales/contact-name';
import { receivableMinor, settledMinor, settlementsByDocument } from '../sales/settlements';

/**
 * What is owed to the business (debtors: invoices less payments and credit notes) or by it
 * (creditors: bills less payments) at a date, by contact and by the age of each document from its
 * date: 0-30, 31-60, 61-90 and over 90 days, with how much of it is past its due date. Amounts are
 * in each document's own currency, one line per contact and currency, so nothing is converted at a
 * rate the documents do not carry. Only settlements dated on or before the date count.
 */
export type AgeBucket = 'days0To30' | 'days31To60' | 'days61To90' | 'daysOver90';

export interface AgedLine {
  contactId: number;
  contactName: string;
  currency: string;
  buckets: Record<AgeBucket, number>;
  overdue: number;
  total: number;
}

interface Outstanding {
  contactId: number;
  currency: string;
  datedOn: string;
  dueOn: string;
  minor: number;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export function ageBucket(datedOn: string, asAt: string): AgeBucket {
  const age = daysBetween(datedOn, asAt);
  if (age <= 30) return 'days0To30';
  if (age <= 60) return 'days31To60';
  if (age <= 90) return 'days61To90';
  return 'daysOver90';
}

/** Sent invoices and credit notes (not drafts, not cancelled) dated by the date, less what settled them by then. */
function debtorDocuments(ctx: EngineContext, asAt: string): Outstanding[] {
  const rows = ctx.db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.kind, ['invoice', 'credit_note']), inArray(invoices.status, ['Sent']), lte(invoices.datedOn, asAt)))
    .all();
  const settlements = settlementsByDocument(ctx, asAt);
  return rows.map((row) => {
    const settled = settledMinor(settlements.get(row.id) ?? []);
    return { contactId: row.contactId, currency: row.currency, datedOn: row.datedOn, dueOn: row.dueOn, minor: receivableMinor(row) - settled };
  });
}

/** Bills dated by the date, less what was paid on them by then. */
function creditorDocuments(ctx: EngineContext, asAt: string): Outstanding[] {
  const native = loadCompany(ctx).currency;
  const payments = paymentsByBill(ctx, asAt);
  return ctx.db
    .select()
    .from(bills)
    .where(lte(bills.datedOn, asAt))
    .all()
    .map((bill) => {
      const paid = (payments.get(bill.id) ?? []).reduce((sum, payment) => sum + paidBy(bill, native, payment), 0);
      return { contactId: bill.contactId, currency: bill.currency, datedOn: bill.datedOn, dueOn: bill.dueOn, minor: bill.totalMinor - paid };
    });
}

function aged(ctx: EngineContext, documents: readonly Outstanding[], asAt: string): AgedLine[] {
  const lines = new Map<string, AgedLine>();
  for (const document of documents) {
    if (document.minor === 0) continue;
    const key = `${document.contactId}:${document.currency}`;
    let line = lines.get(key);
    if (!line) {
      line = { contactId: document.contactId, contactName: '', currency: document.currency, buckets: { days0To30: 0, days31To60: 0, days61To90: 0, daysOver90: 0 }, overdue: 0, total: 0 };
      lines.set(key, line);
    }
    line.buckets[ageBucket(document.datedOn, asAt)] += document.minor;
    if (document.dueOn < asAt) line.overdue += document.minor;
    line.total += document.minor;
  }
  const names = new Map(ctx.db.select().from(contacts).all().map((row) => [row.id, contactName(row)]));
  return [...lines.values()]
    .filter((line) => line.total !== 0)
    .map((line) => ({ ...line, contactName: names.get(line.contactId) ?? '' }))
    .sort((a, b) => a.contactName.localeCompare(b.contactName, 'en') || a.currency.localeCompare(b.currency));
}

export const agedDebtors = (ctx: EngineContext, asAt: string): AgedLine[] => aged(ctx, debtorDocuments(ctx, asAt), asAt);
export const agedCreditors = (ctx: EngineContext, asAt: string): AgedLine[] => aged(ctx, creditorDocuments(ctx, asAt), asAt);
