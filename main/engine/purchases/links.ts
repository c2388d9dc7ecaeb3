import { eq } from 'drizzle-orm';
import { contacts, projects, users } from '../../db/schema';
import type { EngineContext, UserRow } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';

export type ContactRow = typeof contacts.$inferSelect;

/** The contact a link names; one that does not exist is a 422 naming the field. */
export function linkedContact(ctx: EngineContext, value: string | number, field = 'contact'): ContactRow {
  const id = idFromUrl(value, 'contacts', field);
  const row = ctx.db.select().from(contacts).where(eq(contacts.id, id)).get();
  if (!row) throw unprocessable(`${field} is not a contact of this company`);
  return row;
}

export function linkedProjectId(ctx: EngineContext, value: string | number, field = 'project'): number {
  const id = idFromUrl(value, 'projects', field);
  const row = ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get();
  if (!row) throw unprocessable(`${field} is not a project of this company`);
  return row.id;
}

export function linkedUser(ctx: EngineContext, value: string | number, field = 'user'): UserRow {
  const id = idFromUrl(value, 'users', field);
  const row = ctx.db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw unprocessable(`${field} is not a user of this company`);
  return row;
}

/** How the live service names a contact: the organisation, else the person. */
export function contactName(row: Pick<ContactRow, 'organisationName' | 'firstName' | 'lastName'>): string {
  if (row.organisationName) return row.organisationName;
  return [row.firstName, row.lastName].filter((part) => part).join(' ');
}
