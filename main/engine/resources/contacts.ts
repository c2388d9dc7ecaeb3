import { eq, sql } from 'drizzle-orm';
import { CONTACT_SORTS, CONTACT_VIEWS, contactSchema, DEFAULT_CONTACT_COUNTRY, type ContactInput, type ContactView } from '../../../shared/api/contacts';
import { Level } from '../../../shared/api/permissions';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { forbidden, notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { preparedPerConnection } from '../prepared';
import { choiceParam, timestampParam } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { CONTACT_NAME_SQL } from '../sales/contact-name';
import { billOutstandingSql, contactRecord } from '../sales/contact-record';
import type { ContactRow } from '../sales/documents';
import { sortParam } from '../sales/list-query';
import { deleteNotesOf } from '../sales/parent-notes';
import { dueSql } from '../sales/status';

type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// Read once per contact a list page shows: prepared once per connection.
const contactQuery = preparedPerConnection((db: Db) => db.select().from(contacts).where(eq(contacts.id, sql.placeholder('id'))).prepare());

export function findContact(ctx: EngineContext, id: string): ContactRow {
  const row = /^\d+$/.test(id) ? contactQuery(ctx.db).get({ id: Number(id) }) : undefined;
  if (!row) throw notFound('Contact not found');
  return row;
}

const hasDocuments = `EXISTS (SELECT 1 FROM invoices i WHERE i.contact_id = c.id AND i.kind IN ('invoice', 'credit_note'))`;
const hasBills = 'EXISTS (SELECT 1 FROM bills b WHERE b.contact_id = c.id)';

/**
 * Clients are contacts with invoices or credit notes, suppliers those with bills; "open" ones have
 * something still to pay or be paid.
 */
const VIEW_SQL: Readonly<Record<ContactView, string>> = {
  all: '1',
  active: "c.status = 'Active'",
  hidden: "c.status = 'Hidden'",
  clients: hasDocuments,
  suppliers: hasBills,
  active_projects: "EXISTS (SELECT 1 FROM projects p WHERE p.contact_id = c.id AND p.status = 'Active')",
  completed_projects: "EXISTS (SELECT 1 FROM projects p WHERE p.contact_id = c.id AND p.status = 'Completed')",
  open_clients: `EXISTS (SELECT 1 FROM invoices i WHERE i.contact_id = c.id AND i.kind IN ('invoice', 'credit_note') AND i.status = 'Sent' AND ${dueSql('i')} <> 0)`,
  open_suppliers: `EXISTS (SELECT 1 FROM bills b WHERE b.contact_id = c.id AND ${billOutstandingSql('b')} <> 0)`,
};

const SORT_SQL: Readonly<Record<(typeof CONTACT_SORTS)[number], string>> = {
  name: `${CONTACT_NAME_SQL} COLLATE NOCASE`,
  organisation_name: 'c.organisation_name COLLATE NOCASE',
  first_name: 'c.first_name COLLATE NOCASE',
  last_name: 'c.last_name COLLATE NOCASE',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
};

function listContacts(request: RouteRequest) {
  const { ctx, query } = request;
  // The live service lists active contacts unless another view is asked for.
  const view = choiceParam(query, 'view', CONTACT_VIEWS, 'active');
  const since = timestampParam(query, 'updated_since');
  const sort = sortParam(query, CONTACT_SORTS, 'name');
  const conditions = [VIEW_SQL[view]];
  const params: Record<string, string | number> = { native: loadCompany(ctx).currency };
  if (since) {
    conditions.push('c.updated_at >= @since');
    params.since = since;
  }
  const where = conditions.join(' AND ');
  const direction = sort.descending ? 'DESC' : 'ASC';
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM contacts c WHERE ${where}`, params);
  const page = pageOf(query);
  const ids = ctx.book.sqlite
    .prepare(`SELECT c.id FROM contacts c WHERE ${where} ORDER BY ${SORT_SQL[sort.key as keyof typeof SORT_SQL]} ${direction}, c.id ${direction} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findContact(ctx, String(id)));
  return { status: 200, body: { contacts: rows.map((row) => contactRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

/** The columns a payload sets; fields it leaves out stay as they are (on create, the defaults). */
function contactValues(input: ContactInput, current: ContactRow | null): ContactValues {
  const pick = <T>(value: T | undefined, existing: T, fallback: T): T => (value !== undefined ? value : current ? existing : fallback);
  const values: ContactValues = {
    organisationName: pick(input.organisation_name, current?.organisationName ?? null, null),
    firstName: pick(input.first_name, current?.firstName ?? null, null),
    lastName: pick(input.last_name, current?.lastName ?? null, null),
    email: pick(input.email, current?.email ?? null, null),
    billingEmail: pick(input.billing_email, current?.billingEmail ?? null, null),
    phoneNumber: pick(input.phone_number, current?.phoneNumber ?? null, null),
    mobile: pick(input.mobile, current?.mobile ?? null, null),
    address1: pick(input.address1, current?.address1 ?? null, null),
    address2: pick(input.address2, current?.address2 ?? null, null),
    address3: pick(input.address3, current?.address3 ?? null, null),
    town: pick(input.town, current?.town ?? null, null),
    region: pick(input.region, current?.region ?? null, null),
    postcode: pick(input.postcode, current?.postcode ?? null, null),
    // A contact's country is never empty: clearing it puts back the default, as on create.
    country: input.country !== undefined ? (input.country ?? DEFAULT_CONTACT_COUNTRY) : (current?.country ?? DEFAULT_CONTACT_COUNTRY),
    contactNameOnInvoices: pick(input.contact_name_on_invoices, current?.contactNameOnInvoices ?? true, true),
    chargeSalesTax: pick(input.charge_sales_tax, current?.chargeSalesTax ?? 'Auto', 'Auto'),
    salesTaxRegistrationNumber: pick(input.sales_tax_registration_number, current?.salesTaxRegistrationNumber ?? null, null),
    status: pick(input.status, current?.status ?? 'Active', 'Active'),
    defaultPaymentTermsInDays: pick(input.default_payment_terms_in_days, current?.defaultPaymentTermsInDays ?? null, null),
    locale: pick(input.locale, current?.locale ?? 'en', 'en'),
  };
  if (!values.organisationName && !(values.firstName && values.lastName)) {
    throw unprocessable('organisation_name, or first_name and last_name, are required');
  }
  return values;
}

function createContact(request: RouteRequest) {
  const { ctx } = request;
  const values = contactValues(payload(request, 'contact', contactSchema), null);
  const row = ctx.db.insert(contacts).values({ ...values, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  ctx.recordChange('contacts', row.id, 'create');
  const record = contactRecord(ctx, row);
  return created({ contact: record }, record.url as string);
}

function updateContact(request: RouteRequest) {
  const { ctx } = request;
  const current = findContact(ctx, request.params.id!);
  const values = contactValues(payload(request, 'contact', contactSchema), current);
  const row = ctx.db.update(contacts).set({ ...values, updatedAt: ctx.now }).where(eq(contacts.id, current.id)).returning().get();
  ctx.recordChange('contacts', row.id, 'update');
  return ok({ contact: contactRecord(ctx, row) });
}

/** What keeps a contact from being deleted: records that name it and would be left pointing nowhere. */
const BLOCKERS: readonly [string, string][] = [
  ["SELECT 1 FROM invoices WHERE contact_id = ? AND kind IN ('invoice', 'recurring_template') LIMIT 1", 'invoices'],
  ["SELECT 1 FROM invoices WHERE contact_id = ? AND kind = 'credit_note' LIMIT 1", 'credit notes'],
  ['SELECT 1 FROM bills WHERE contact_id = ? LIMIT 1', 'bills'],
  ['SELECT 1 FROM projects WHERE contact_id = ? LIMIT 1', 'projects'],
  ['SELECT 1 FROM journal_entries WHERE contact_id = ? LIMIT 1', 'opening balance entries'],
];

function deleteContact(request: RouteRequest) {
  const { ctx } = request;
  const row = findContact(ctx, request.params.id!);
  // The live service answers 403 here, not 422 (api-quirks.md: deletion has an order).
  if (ctx.book.sqlite.prepare("SELECT 1 FROM invoices WHERE contact_id = ? AND kind = 'estimate' LIMIT 1").get(row.id)) {
    throw forbidden('This contact has estimates and cannot be deleted; delete its estimates (back to draft first) or hide the contact (status Hidden)');
  }
  for (const [sql, what] of BLOCKERS) {
    if (ctx.book.sqlite.prepare(sql).get(row.id)) throw unprocessable(`This contact has ${what} and cannot be deleted; hide it instead (status Hidden)`);
  }
  deleteNotesOf(ctx, 'contacts', row.id);
  ctx.db.delete(contacts).where(eq(contacts.id, row.id)).run();
  ctx.recordChange('contacts', row.id, 'delete');
  return deleted();
}

const LEVEL = Level.ContactsAndProjects;
const BY_ID = '/v2/contacts/:id{[0-9]+}';

export const contactRoutes: Route[] = [
  { method: 'GET', path: '/v2/contacts', level: LEVEL, handle: listContacts },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ contact: contactRecord(ctx, findContact(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/contacts', level: LEVEL, handle: createContact },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateContact },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteContact },
];
