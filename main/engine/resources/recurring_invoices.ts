import { eq } from 'drizzle-orm';
import type { DocumentFields } from '../../../shared/api/invoices';
import { Level } from '../../../shared/api/permissions';
import { RECURRING_VIEWS, recurringCreateSchema, recurringUpdateSchema, type Frequency, type RecurringStatus } from '../../../shared/api/recurring_invoices';
import { contacts, invoices, recurringInvoices } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { choiceParam } from '../query-params';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { documentBase, itemsRecord } from '../sales/document-record';
import { writeDocument } from '../sales/document-write';
import { documentById, itemsOf } from '../sales/documents';
import { itemInputsOf } from '../sales/items';
import { linkParam } from '../sales/list-query';
import { firstOnOrAfter, occurrence } from '../sales/recurrence';
import { issueDue, type ProfileRow } from '../sales/recurring-issue';
import { idFromUrl, recordUrl } from '../urls';
import { date, timestamp, type ApiRecord } from '../values';

const RESOURCE = 'recurring_invoices';

function findProfile(ctx: EngineContext, id: string): ProfileRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Recurring invoice not found');
  return row;
}

/** Every invoice attribute of the template plus the recurring ones; items on single reads only (4.15). */
function profileRecord(ctx: EngineContext, profile: ProfileRow, withItems: boolean): ApiRecord {
  const template = documentById(ctx, profile.templateInvoiceId)!;
  const items = itemsOf(ctx, template.id);
  return {
    url: recordUrl(ctx, RESOURCE, profile.id),
    ...documentBase(ctx, template, items),
    frequency: profile.frequency,
    recurring_status: profile.recurringStatus,
    recurring_end_date: profile.recurringEndDate ? date(profile.recurringEndDate) : undefined,
    next_recurs_on: profile.nextRecursOn ? date(profile.nextRecursOn) : undefined,
    created_at: timestamp(profile.createdAt),
    updated_at: timestamp(profile.updatedAt),
    ...(withItems ? itemsRecord(ctx, template, items) : {}),
  };
}

const VIEW_SQL: Readonly<Record<(typeof RECURRING_VIEWS)[number], string>> = {
  all: '1',
  draft: "r.recurring_status = 'Draft'",
  active: "r.recurring_status = 'Active'",
  inactive: "r.recurring_status = 'Inactive'",
};

function listProfiles(request: RouteRequest) {
  const { ctx, query } = request;
  const view = choiceParam(query, 'view', RECURRING_VIEWS, 'all');
  const contactId = linkParam(query, 'contact', 'contacts', (id) => ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).get() !== undefined);
  const conditions = [VIEW_SQL[view]];
  const params: Record<string, number> = {};
  if (contactId !== undefined) {
    conditions.push('i.contact_id = @contact');
    params.contact = contactId;
  }
  const from = `recurring_invoices r JOIN invoices i ON i.id = r.template_invoice_id WHERE ${conditions.join(' AND ')}`;
  const total = ctx.book.sqlite.prepare(`SELECT count(*) FROM ${from}`).pluck().get(params) as number;
  const page = pageOf(query);
  const ids = ctx.book.sqlite.prepare(`SELECT r.id FROM ${from} ORDER BY r.id LIMIT @limit OFFSET @offset`).pluck().all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findProfile(ctx, String(id)));
  return { status: 200, body: { recurring_invoices: rows.map((row) => profileRecord(ctx, row, false)) }, headers: pageHeaders(request.url, page, total) };
}

/** A series past its end date has nothing more to issue. */
function withinEnd(status: RecurringStatus, next: string | null, end: string | null): { recurringStatus: RecurringStatus; nextRecursOn: string | null } {
  if (next !== null && end !== null && next > end) return { recurringStatus: 'Inactive', nextRecursOn: null };
  return { recurringStatus: status, nextRecursOn: next };
}

/**
 * Sets up a recurring profile from an invoice (POST /v2/recurring_invoices with the invoice's url): the
 * invoice is copied into the profile's template, the series counts from its date, and the first
 * invoice is issued one period later unless next_recurs_on says otherwise (which restarts the series
 * on that date). Dates already due are issued at once.
 */
function createProfile(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'recurring_invoice', recurringCreateSchema);
  const source = documentById(ctx, idFromUrl(input.invoice, 'invoices', 'invoice'));
  if (!source || source.kind !== 'invoice') throw unprocessable('invoice is not an invoice of this company');
  if (input.recurring_status === 'Inactive') throw unprocessable('recurring_status of a new recurring invoice is Draft or Active');
  const anchor = input.next_recurs_on ?? source.datedOn;
  const template = writeDocument(
    ctx,
    'recurring_template',
    {
      contact: source.contactId,
      project: source.projectId,
      reference: source.reference,
      dated_on: anchor,
      payment_terms_in_days: source.paymentTermsInDays,
      currency: source.currency,
      exchange_rate: source.exchangeRate,
      comments: source.comments,
      omit_header: source.omitHeader,
      always_show_bic_and_iban: source.alwaysShowBicAndIban,
      discount_percent: source.discountPercent,
      show_project_name: source.showProjectName,
      is_interim_uk_vat: source.isInterimUkVat,
      ec_status: source.ecStatus as DocumentFields['ec_status'],
      place_of_supply: source.placeOfSupply,
      cis_rate: source.cisRate,
    },
    itemInputsOf(ctx, itemsOf(ctx, source.id)),
    null,
  );
  const next = input.next_recurs_on ?? occurrence(anchor, input.frequency, 1);
  const end = input.recurring_end_date ?? null;
  const profile = ctx.db
    .insert(recurringInvoices)
    .values({ templateInvoiceId: template.id, frequency: input.frequency, recurringEndDate: end, ...withinEnd(input.recurring_status ?? 'Active', next, end), createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange(RESOURCE, profile.id, 'create');
  issueDue(ctx, profile);
  const record = profileRecord(ctx, findProfile(ctx, String(profile.id)), true);
  return created({ recurring_invoice: record }, record.url as string);
}

/**
 * Changes the recurring fields and any invoice field of the template. next_recurs_on (or dated_on)
 * restarts the series on that date; a new frequency keeps the series' start and picks its first date
 * on or after the old next one; making an inactive profile active again resumes from today.
 */
function updateProfile(request: RouteRequest) {
  const { ctx } = request;
  const current = findProfile(ctx, request.params.id!);
  const input = payload(request, 'recurring_invoice', recurringUpdateSchema);
  if (input.next_recurs_on !== undefined && input.dated_on !== undefined && input.next_recurs_on !== input.dated_on) {
    throw unprocessable('next_recurs_on restarts the series on that date, which becomes its dated_on; send one of them');
  }
  const restart = input.next_recurs_on ?? input.dated_on;
  const { invoice_items: items, ...fields } = input;
  const template = writeDocument(ctx, 'recurring_template', { ...fields, dated_on: restart }, items, documentById(ctx, current.templateInvoiceId)!);
  const frequency = (input.frequency ?? current.frequency) as Frequency;
  const status = input.recurring_status ?? current.recurringStatus as RecurringStatus;
  let next = current.nextRecursOn;
  if (restart !== undefined) next = restart;
  else if (input.frequency !== undefined && input.frequency !== current.frequency) next = firstOnOrAfter(template.datedOn, frequency, current.nextRecursOn ?? ctx.today);
  else if (status === 'Active' && next === null) next = firstOnOrAfter(template.datedOn, frequency, ctx.today);
  const end = input.recurring_end_date !== undefined ? input.recurring_end_date : current.recurringEndDate;
  const profile = ctx.db
    .update(recurringInvoices)
    .set({ frequency, recurringEndDate: end, ...withinEnd(status, next, end), updatedAt: ctx.now })
    .where(eq(recurringInvoices.id, current.id))
    .returning()
    .get();
  ctx.recordChange(RESOURCE, profile.id, 'update');
  issueDue(ctx, profile);
  return ok({ recurring_invoice: profileRecord(ctx, findProfile(ctx, String(profile.id)), true) });
}

/** Removes the profile and its template; the invoices it issued stay. */
function deleteProfile(request: RouteRequest) {
  const { ctx } = request;
  const profile = findProfile(ctx, request.params.id!);
  ctx.db.delete(recurringInvoices).where(eq(recurringInvoices.id, profile.id)).run();
  ctx.db.delete(invoices).where(eq(invoices.id, profile.templateInvoiceId)).run();
  ctx.recordChange(RESOURCE, profile.id, 'delete');
  return deleted();
}

const LEVEL = Level.InvoicesEstimatesAndFiles;
const BY_ID = '/v2/recurring_invoices/:id{[0-9]+}';

export const recurringInvoiceRoutes: Route[] = [
  { method: 'GET', path: '/v2/recurring_invoices', level: LEVEL, handle: listProfiles },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ recurring_invoice: profileRecord(ctx, findProfile(ctx, params.id!), true) }) },
  { method: 'POST', path: '/v2/recurring_invoices', level: LEVEL, handle: createProfile },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateProfile },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteProfile },
];
