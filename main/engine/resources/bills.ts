import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BILL_VIEWS, billCreateSchema, billUpdateSchema, type BillView } from '../../../shared/api/bills';
import { UNSUPPORTED_PURCHASE_FIELDS } from '../../../shared/api/expenses';
import { Level } from '../../../shared/api/permissions';
import { bills } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { preparedPerConnection } from '../prepared';
import { payload, rootOf } from '../payload';
import type { BillRow } from '../purchases/bill-payments';
import { billRecord, itemsOf } from '../purchases/bill-records';
import { resolveBill } from '../purchases/bill-values';
import { createBill, deleteBill, updateBill } from '../purchases/bill-writes';
import { choiceParam, periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest, type RouteResult } from '../route';
import { idFromUrl } from '../urls';
import { urlsParam } from '../sales/list-query';
import { applyPurchaseProfile } from '../assets/purchase-profile';

// Read once per bill a list page shows: prepared once per connection.
const billQuery = preparedPerConnection((db: Db) => db.select().from(bills).where(eq(bills.id, sql.placeholder('id'))).prepare());

function findBill(ctx: EngineContext, id: string): BillRow {
  const row = /^\d+$/.test(id) ? billQuery(ctx.db).get({ id: Number(id) }) : undefined;
  if (!row) throw notFound('Bill not found');
  return row;
}

/** Live fields Ledgerdesk does not implement are refused, not ignored: nobody should wait for a recurrence. */
function refuseUnsupported(request: RouteRequest): void {
  const sent = Object.keys(rootOf(request, 'bill'));
  const unsupported = [...UNSUPPORTED_PURCHASE_FIELDS, 'is_paid_by_hire_purchase'].filter((field) => sent.includes(field));
  if (unsupported.length > 0) throw unprocessable(`${unsupported.join(', ')} ${unsupported.length === 1 ? 'is' : 'are'} not supported on bills in Ledgerdesk`);
}

/** What is left to pay, in the bill's currency, as SQL over the bill (b) and its payments' sums (p). */
const DUE = 'b.total_minor + CASE WHEN b.currency = @native THEN coalesce(p.native_paid, 0) ELSE coalesce(p.own_paid, 0) END';

/** Views by what is left to pay and the due date; Ledgerdesk makes no recurring, hire purchase or CIS bills. */
const VIEW_CONDITIONS: Readonly<Record<BillView, string | null>> = {
  all: null,
  open: `${DUE} <> 0 AND b.due_on >= @today`,
  overdue: `${DUE} <> 0 AND b.due_on < @today`,
  open_or_overdue: `${DUE} <> 0`,
  open_or_overdue_payments: `${DUE} <> 0 AND b.total_minor > 0`,
  open_or_overdue_refunds: `${DUE} <> 0 AND b.total_minor < 0`,
  paid: `${DUE} = 0 AND b.total_minor <> 0`,
  recurring: '0',
  hire_purchase: '0',
  cis: '0',
};

function linkFilter(query: URLSearchParams, name: 'contact' | 'project'): number | undefined {
  const value = query.get(name);
  if (!value) return undefined;
  try {
    return idFromUrl(value, `${name}s`, name);
  } catch {
    throw badRequest(`${name} must be the url of a ${name}`);
  }
}

function booleanParam(query: URLSearchParams, name: string): boolean {
  return choiceParam(query, name, ['true', 'false'], 'false') === 'true';
}

function listBills(request: RouteRequest): RouteResult {
  const { ctx, query } = request;
  const view = choiceParam(query, 'view', BILL_VIEWS, 'all');
  const nested = booleanParam(query, 'nested_bill_items');
  const period = periodConditions(query, 'b');
  const conditions = [...period.conditions];
  const params: Record<string, string | number> = { ...period.params, native: loadCompany(ctx).currency, today: ctx.today };
  const viewCondition = VIEW_CONDITIONS[view];
  if (viewCondition) conditions.push(viewCondition);
  const contact = linkFilter(query, 'contact');
  if (contact !== undefined) {
    conditions.push('b.contact_id = @contact');
    params.contact = contact;
  }
  const project = linkFilter(query, 'project');
  if (project !== undefined) {
    conditions.push('b.project_id = @project');
    params.project = project;
  }
  const urls = urlsParam(query, 'bills');
  if (urls !== undefined) {
    conditions.push('b.id IN (SELECT value FROM json_each(@urls))');
    params.urls = urls;
  }
  const from = `FROM bills b LEFT JOIN (
      SELECT paid_bill_id, sum(gross_minor) AS native_paid, sum(coalesce(foreign_gross_minor, gross_minor)) AS own_paid
      FROM bank_transaction_explanations WHERE paid_bill_id IS NOT NULL GROUP BY paid_bill_id) p ON p.paid_bill_id = b.id
    ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`;
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) ${from}`, params);
  const page = pageOf(query);
  const ids = sqlite.prepare(`SELECT b.id ${from} ORDER BY b.dated_on DESC, b.id DESC LIMIT @limit OFFSET @offset`).pluck().all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findBill(ctx, String(id)));
  return { status: 200, body: { bills: rows.map((row) => billRecord(ctx, row, nested)) }, headers: pageHeaders(request.url, page, total) };
}

function createBillRoute(request: RouteRequest): RouteResult {
  const { ctx } = request;
  refuseUnsupported(request);
  const input = payload(request, 'bill', billCreateSchema);
  const bill = createBill(ctx, resolveBill(ctx, input, null, []));
  applyPurchaseProfile(request, 'bill', 'bills', bill.id);
  const record = billRecord(ctx, bill, true);
  return created({ bill: record }, record.url as string);
}

function updateBillRoute(request: RouteRequest): RouteResult {
  const { ctx } = request;
  const current = findBill(ctx, request.params.id!);
  refuseUnsupported(request);
  const input = payload(request, 'bill', billUpdateSchema);
  const bill = updateBill(ctx, current, resolveBill(ctx, input, current, itemsOf(ctx, current.id)));
  applyPurchaseProfile(request, 'bill', 'bills', bill.id);
  return ok({ bill: billRecord(ctx, bill, true) });
}

function deleteBillRoute(request: RouteRequest): RouteResult {
  const { ctx } = request;
  deleteBill(ctx, findBill(ctx, request.params.id!));
  return deleted();
}

const BILLS_LEVEL = Level.Bills;
const BY_ID = '/v2/bills/:id{[0-9]+}';

export const billRoutes: Route[] = [
  { method: 'GET', path: '/v2/bills', level: BILLS_LEVEL, handle: listBills },
  { method: 'GET', path: BY_ID, level: BILLS_LEVEL, handle: ({ ctx, params }) => ok({ bill: billRecord(ctx, findBill(ctx, params.id!), true) }) },
  { method: 'POST', path: '/v2/bills', level: BILLS_LEVEL, handle: createBillRoute },
  { method: 'PUT', path: BY_ID, level: BILLS_LEVEL, handle: updateBillRoute },
  { method: 'DELETE', path: BY_ID, level: BILLS_LEVEL, handle: deleteBillRoute },
];
