import { eq } from 'drizzle-orm';
import { contacts, projects } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';
import type { ContactRow } from './documents';

export type ProjectRow = typeof projects.$inferSelect;

/** The contact a payload links to; an unknown one is a broken rule (422), not a missing page. */
export function linkedContact(ctx: EngineContext, value: string | number, field = 'contact'): ContactRow {
  const row = ctx.db.select().from(contacts).where(eq(contacts.id, idFromUrl(value, 'contacts', field))).get();
  if (!row) throw unprocessable(`${field} is not a contact of this company`);
  return row;
}

export function linkedProject(ctx: EngineContext, value: string | number, field = 'project'): ProjectRow {
  const row = ctx.db.select().from(projects).where(eq(projects.id, idFromUrl(value, 'projects', field))).get();
  if (!row) throw unprocessable(`${field} is not a project of this company`);
  return row;
}
