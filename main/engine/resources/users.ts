import { asc, eq, sql } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import {
  ADVISOR_ROLES,
  ROLES_BY_COMPANY_TYPE,
  STAFF_ROLES,
  USER_VIEWS,
  userCreateSchema,
  userUpdateSchema,
  type UserRole,
  type UserUpdate,
} from '../../../shared/api/users';
import { canonicalDecimal } from '../../../shared/money';
import { categories, postings, users } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext, UserRow } from '../context';
import { badRequest, forbidden, notFound, unprocessable } from '../errors';
import { createSubAccounts, deleteSubAccounts, renameSubAccounts } from '../ledger/chart';
import { hasJournalEntries } from '../ledger/journal-entries';
import { listPage } from '../pagination';
import { payload } from '../payload';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { decimal, timestamp, type ApiRecord } from '../values';

export function userRecord(ctx: EngineContext, row: UserRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'users', row.id),
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    ni_number: row.niNumber ?? undefined,
    unique_tax_reference: row.uniqueTaxReference ?? undefined,
    role: row.role,
    permission_level: row.permissionLevel,
    opening_mileage: decimal(row.openingMileage),
    hidden: row.hidden,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

function findUser(ctx: EngineContext, id: string): UserRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(users).where(eq(users.id, Number(id))).get() : undefined;
  if (!row) throw notFound('User not found');
  return row;
}

function checkRole(ctx: EngineContext, role: UserRole | undefined): void {
  if (role === undefined) return;
  const type = loadCompany(ctx).type;
  if (!ROLES_BY_COMPANY_TYPE[type].includes(role)) throw unprocessable(`role ${role} is not available for a ${type} company`);
}

function checkEmailFree(ctx: EngineContext, email: string | undefined, exceptId?: number): void {
  if (email === undefined) return;
  // A login address is one mailbox whatever its case: Bob@ and bob@ must not be two users.
  const clash = ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).get();
  if (clash && clash.id !== exceptId) throw unprocessable('email has already been taken');
}

/** Nobody hands out more access than they hold themselves. */
function checkGrant(ctx: EngineContext, level: number | undefined): void {
  if (level !== undefined && level > ctx.user.permissionLevel) {
    throw forbidden('You cannot give a user a higher permission level than your own');
  }
}

const fullName = (row: Pick<UserRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`;

function changedColumns(input: UserUpdate): Partial<typeof users.$inferInsert> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.email !== undefined) set.email = input.email;
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.last_name !== undefined) set.lastName = input.last_name;
  if (input.ni_number !== undefined) set.niNumber = input.ni_number || null;
  if (input.unique_tax_reference !== undefined) set.uniqueTaxReference = input.unique_tax_reference || null;
  if (input.role !== undefined) set.role = input.role;
  if (input.permission_level !== undefined) set.permissionLevel = input.permission_level;
  if (input.opening_mileage !== undefined) set.openingMileage = canonicalDecimal(input.opening_mileage);
  if (input.send_invitation !== undefined) set.sendInvitation = input.send_invitation;
  if (input.hidden !== undefined) set.hidden = input.hidden;
  return set;
}

function updateUser(ctx: EngineContext, target: UserRow, input: UserUpdate): UserRow {
  const self = target.id === ctx.user.id;
  if (self && input.permission_level !== undefined && input.permission_level !== target.permissionLevel) {
    throw forbidden('You cannot change your own permission level');
  }
  if (self && input.role !== undefined && input.role !== target.role && ctx.user.permissionLevel < Level.TaxAccountingAndUsers) {
    throw forbidden('You cannot change your own role');
  }
  checkRole(ctx, input.role);
  checkEmailFree(ctx, input.email, target.id);
  checkGrant(ctx, input.permission_level);
  const set = changedColumns(input);
  if (Object.keys(set).length === 0) return target;
  const row = ctx.db.update(users).set({ ...set, updatedAt: ctx.now }).where(eq(users.id, target.id)).returning().get();
  ctx.recordChange('users', row.id, 'update');
  if (fullName(row) !== fullName(target)) renameSubAccounts(ctx, { kind: 'user', id: row.id, name: fullName(row) });
  return row;
}

function listUsers(request: RouteRequest) {
  const { ctx, query } = request;
  const view = query.get('view') ?? 'all';
  if (!(USER_VIEWS as readonly string[]).includes(view)) throw badRequest(`view must be one of ${USER_VIEWS.join(', ')}`);
  const rows = ctx.db.select().from(users).orderBy(asc(users.id)).all();
  const roles = view.endsWith('staff') ? STAFF_ROLES : view.endsWith('advisors') ? ADVISOR_ROLES : null;
  const active = view.startsWith('active_');
  const shown = rows.filter((row) => (!roles || roles.includes(row.role as UserRole)) && (!active || !row.hidden));
  return listPage(request, 'users', shown, (row) => userRecord(ctx, row));
}

function createUser(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'user', userCreateSchema);
  checkRole(ctx, input.role);
  checkEmailFree(ctx, input.email);
  checkGrant(ctx, input.permission_level);
  const row = ctx.db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      niNumber: input.ni_number || null,
      uniqueTaxReference: input.unique_tax_reference || null,
      role: input.role,
      // New users see nothing until someone grants them access.
      permissionLevel: input.permission_level ?? Level.NoAccess,
      openingMileage: canonicalDecimal(input.opening_mileage ?? '0'),
      hidden: input.hidden ?? false,
      sendInvitation: input.send_invitation ?? false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('users', row.id, 'create');
  createSubAccounts(ctx, { kind: 'user', id: row.id, name: fullName(row) });
  const record = userRecord(ctx, row);
  return created({ user: record }, record.url as string);
}

function deleteUser(request: RouteRequest) {
  const { ctx } = request;
  const target = findUser(ctx, request.params.id!);
  if (target.id === ctx.user.id) throw unprocessable('You cannot delete yourself');
  if (target.permissionLevel > ctx.user.permissionLevel) throw forbidden('You cannot delete a user with more access than you');
  const used = ctx.db
    .select({ id: postings.id })
    .from(postings)
    .innerJoin(categories, eq(categories.id, postings.categoryId))
    .where(eq(categories.userId, target.id))
    .limit(1)
    .get();
  if (used || hasJournalEntries(ctx, 'userId', target.id)) throw unprocessable('This user has accounting entries and cannot be deleted; hide the user instead');
  deleteSubAccounts(ctx, { kind: 'user', id: target.id, name: fullName(target) });
  ctx.db.delete(users).where(eq(users.id, target.id)).run();
  ctx.recordChange('users', target.id, 'delete');
  return deleted();
}

const USERS = Level.TaxAccountingAndUsers;

export const userRoutes: Route[] = [
  { method: 'GET', path: '/v2/users', level: USERS, handle: listUsers },
  { method: 'GET', path: '/v2/users/me', level: Level.Time, handle: ({ ctx }) => ok({ user: userRecord(ctx, ctx.user) }) },
  {
    method: 'PUT',
    path: '/v2/users/me',
    level: Level.Time,
    handle: (request) => ok({ user: userRecord(request.ctx, updateUser(request.ctx, request.ctx.user, payload(request, 'user', userUpdateSchema))) }),
  },
  { method: 'GET', path: '/v2/users/:id{[0-9]+}', level: USERS, handle: ({ ctx, params }) => ok({ user: userRecord(ctx, findUser(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/users', level: USERS, handle: createUser },
  {
    method: 'PUT',
    path: '/v2/users/:id{[0-9]+}',
    level: USERS,
    handle: (request) => {
      const { ctx } = request;
      const target = findUser(ctx, request.params.id!);
      if (target.permissionLevel > ctx.user.permissionLevel) throw forbidden('You cannot change a user with more access than you');
      return ok({ user: userRecord(ctx, updateUser(ctx, target, payload(request, 'user', userUpdateSchema))) });
    },
  },
  { method: 'DELETE', path: '/v2/users/:id{[0-9]+}', level: USERS, handle: deleteUser },
];
