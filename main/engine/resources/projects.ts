import { eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import { PROJECT_SORTS, PROJECT_VIEWS, projectCreateSchema, projectUpdateSchema, type ProjectInput } from '../../../shared/api/projects';
import { canonicalDecimal } from '../../../shared/money';
import { contacts, projects } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { choiceParam, timestampParam } from '../query-params';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { CONTACT_NAME_SQL, contactName } from '../sales/contact-name';
import { contactOf } from '../sales/documents';
import { linkedContact, type ProjectRow } from '../sales/links';
import { linkParam, sortParam } from '../sales/list-query';
import { deleteNotesOf } from '../sales/parent-notes';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';

type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Records that name a project; while any exists the project cannot be deleted or moved to another contact. */
const USES: readonly [string, string][] = [
  ["SELECT 1 FROM invoices WHERE project_id = ? AND kind <> 'estimate' LIMIT 1", 'invoices'],
  ["SELECT 1 FROM invoices WHERE project_id = ? AND kind = 'estimate' LIMIT 1", 'estimates'],
  ['SELECT 1 FROM bills WHERE project_id = ? LIMIT 1', 'bills'],
  ['SELECT 1 FROM expenses WHERE project_id = ? LIMIT 1', 'expenses'],
];

/** Bank explanations count for a project too, but name no contact: they stop a delete, not a move. */
const KEPT_BY: readonly [string, string][] = [...USES, ['SELECT 1 FROM bank_transaction_explanations WHERE project_id = ? LIMIT 1', 'bank explanations']];

function usedBy(ctx: EngineContext, projectId: number, uses = USES): string | undefined {
  return uses.find(([sql]) => ctx.book.sqlite.prepare(sql).get(projectId) !== undefined)?.[1];
}

export function findProject(ctx: EngineContext, id: string): ProjectRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(projects).where(eq(projects.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Project not found');
  return row;
}

function projectRecord(ctx: EngineContext, row: ProjectRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'projects', row.id),
    contact: recordUrl(ctx, 'contacts', row.contactId),
    contact_name: contactName(contactOf(ctx, row.contactId)),
    name: row.name,
    status: row.status,
    currency: row.currency,
    budget: decimal(row.budget ?? '0.0'),
    budget_units: row.budgetUnits,
    normal_billing_rate: decimal(row.normalBillingRate ?? '0.0'),
    billing_period: row.billingPeriod ?? 'hour',
    hours_per_day: decimal(row.hoursPerDay ?? '8.0'),
    starts_on: row.startsOn ? date(row.startsOn) : undefined,
    ends_on: row.endsOn ? date(row.endsOn) : undefined,
    is_deletable: usedBy(ctx, row.id, KEPT_BY) === undefined,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

const VIEW_SQL: Readonly<Record<(typeof PROJECT_VIEWS)[number], string>> = {
  all: '1',
  active: "p.status = 'Active'",
  completed: "p.status = 'Completed'",
  cancelled: "p.status = 'Cancelled'",
  hidden: "p.status = 'Hidden'",
};

const SORT_SQL: Readonly<Record<(typeof PROJECT_SORTS)[number], string>> = {
  name: 'p.name COLLATE NOCASE',
  contact_name: `${CONTACT_NAME_SQL} COLLATE NOCASE`,
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
};

function listProjects(request: RouteRequest) {
  const { ctx, query } = request;
  // As the live service, the list shows active projects unless another view is asked for.
  const view = choiceParam(query, 'view', PROJECT_VIEWS, 'active');
  const contactId = linkParam(query, 'contact', 'contacts', (id) => ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).get() !== undefined);
  const since = timestampParam(query, 'updated_since');
  const sort = sortParam(query, PROJECT_SORTS, 'name');
  const conditions = [VIEW_SQL[view]];
  const params: Record<string, string | number> = {};
  if (contactId !== undefined) {
    conditions.push('p.contact_id = @contact');
    params.contact = contactId;
  }
  if (since) {
    conditions.push('p.updated_at >= @since');
    params.since = since;
  }
  const where = conditions.join(' AND ');
  const direction = sort.descending ? 'DESC' : 'ASC';
  const from = 'projects p JOIN contacts c ON c.id = p.contact_id';
  const total = ctx.book.sqlite.prepare(`SELECT count(*) FROM ${from} WHERE ${where}`).pluck().get(params) as number;
  const page = pageOf(query);
  const ids = ctx.book.sqlite
    .prepare(`SELECT p.id FROM ${from} WHERE ${where} ORDER BY ${SORT_SQL[sort.key as keyof typeof SORT_SQL]} ${direction}, p.id ${direction} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findProject(ctx, String(id)));
  return { status: 200, body: { projects: rows.map((row) => projectRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

function projectValues(ctx: EngineContext, input: ProjectInput, current: ProjectRow | null): ProjectValues {
  const contactId = input.contact !== undefined ? linkedContact(ctx, input.contact).id : current!.contactId;
  if (current && contactId !== current.contactId) {
    const use = usedBy(ctx, current.id);
    if (use) throw unprocessable(`contact cannot change: the project has ${use}`);
  }
  const amount = (value: string | undefined, existing: string | null | undefined, fallback: string) =>
    value !== undefined ? canonicalDecimal(value) : (existing ?? fallback);
  const values: ProjectValues = {
    contactId,
    name: input.name ?? current!.name,
    status: input.status ?? current?.status ?? 'Active',
    currency: input.currency ?? current?.currency ?? loadCompany(ctx).currency,
    budget: amount(input.budget, current?.budget, '0.0'),
    budgetUnits: input.budget_units ?? current?.budgetUnits ?? 'Hours',
    normalBillingRate: amount(input.normal_billing_rate, current?.normalBillingRate, '0.0'),
    billingPeriod: input.billing_period ?? current?.billingPeriod ?? 'hour',
    hoursPerDay: amount(input.hours_per_day, current?.hoursPerDay, '8.0'),
    startsOn: input.starts_on !== undefined ? input.starts_on : (current?.startsOn ?? null),
    endsOn: input.ends_on !== undefined ? input.ends_on : (current?.endsOn ?? null),
  };
  if (values.startsOn && values.endsOn && values.endsOn < values.startsOn) throw unprocessable('ends_on must not be before starts_on');
  return values;
}

function createProject(request: RouteRequest) {
  const { ctx } = request;
  const values = projectValues(ctx, payload(request, 'project', projectCreateSchema), null);
  const row = ctx.db.insert(projects).values({ ...values, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  ctx.recordChange('projects', row.id, 'create');
  const record = projectRecord(ctx, row);
  return created({ project: record }, record.url as string);
}

function updateProject(request: RouteRequest) {
  const { ctx } = request;
  const current = findProject(ctx, request.params.id!);
  const values = projectValues(ctx, payload(request, 'project', projectUpdateSchema), current);
  const row = ctx.db.update(projects).set({ ...values, updatedAt: ctx.now }).where(eq(projects.id, current.id)).returning().get();
  ctx.recordChange('projects', row.id, 'update');
  return ok({ project: projectRecord(ctx, row) });
}

function deleteProject(request: RouteRequest) {
  const { ctx } = request;
  const row = findProject(ctx, request.params.id!);
  const use = usedBy(ctx, row.id, KEPT_BY);
  if (use) throw unprocessable(`This project has ${use} and cannot be deleted; mark it Completed or Hidden instead`);
  deleteNotesOf(ctx, 'projects', row.id);
  ctx.db.delete(projects).where(eq(projects.id, row.id)).run();
  ctx.recordChange('projects', row.id, 'delete');
  return deleted();
}

const LEVEL = Level.ContactsAndProjects;
const BY_ID = '/v2/projects/:id{[0-9]+}';

export const projectRoutes: Route[] = [
  { method: 'GET', path: '/v2/projects', level: LEVEL, handle: listProjects },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ project: projectRecord(ctx, findProject(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/projects', level: LEVEL, handle: createProject },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateProject },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteProject },
];
