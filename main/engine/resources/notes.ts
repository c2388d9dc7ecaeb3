import { and, asc, eq } from 'drizzle-orm';
import { noteSchema } from '../../../shared/api/notes';
import { Level } from '../../../shared/api/permissions';
import { contacts, notes, projects } from '../../db/schema';
import type { EngineContext } from '../context';
import { badRequest, notFound } from '../errors';
import { listPage } from '../pagination';
import { payload } from '../payload';
import { ok, deleted, type Route, type RouteRequest } from '../route';
import { linkParam } from '../sales/list-query';
import { recordUrl } from '../urls';
import { timestamp, type ApiRecord } from '../values';

type NoteRow = typeof notes.$inferSelect;
type Parent = { resource: 'contacts' | 'projects'; id: number };

function noteRecord(ctx: EngineContext, row: NoteRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'notes', row.id),
    note: row.note,
    parent_url: recordUrl(ctx, row.parentResource, row.parentId),
    author: row.author,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

function findNote(ctx: EngineContext, id: string): NoteRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(notes).where(eq(notes.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Note not found');
  return row;
}

/**
 * Notes hang off a contact or a project named in the query (?contact= or ?project=), on list and on
 * create alike. Neither is a 400, as the live service answers; both is a 400 too (a note has one
 * parent); one that does not exist is a 404.
 */
function parentOf(ctx: EngineContext, query: URLSearchParams): Parent {
  if (query.get('contact') && query.get('project')) throw badRequest('Give contact or project, not both: a note belongs to one of them');
  const contact = linkParam(query, 'contact', 'contacts', (id) => ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).get() !== undefined);
  const project = linkParam(query, 'project', 'projects', (id) => ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get() !== undefined);
  if (contact !== undefined) return { resource: 'contacts', id: contact };
  if (project !== undefined) return { resource: 'projects', id: project };
  throw badRequest('contact or project is required: the url of the contact or project the notes belong to');
}

function listNotes(request: RouteRequest) {
  const { ctx } = request;
  const parent = parentOf(ctx, request.query);
  const rows = ctx.db
    .select()
    .from(notes)
    .where(and(eq(notes.parentResource, parent.resource), eq(notes.parentId, parent.id)))
    .orderBy(asc(notes.createdAt), asc(notes.id))
    .all();
  return listPage(request, 'notes', rows, (row) => noteRecord(ctx, row));
}

/** POST answers 200 rather than 201, as the reference says (4.14). */
function createNote(request: RouteRequest) {
  const { ctx } = request;
  const parent = parentOf(ctx, request.query);
  const input = payload(request, 'note', noteSchema);
  const row = ctx.db
    .insert(notes)
    .values({
      parentResource: parent.resource,
      parentId: parent.id,
      note: input.note,
      authorUserId: ctx.user.id,
      author: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('notes', row.id, 'create');
  return ok({ note: noteRecord(ctx, row) });
}

function updateNote(request: RouteRequest) {
  const { ctx } = request;
  const current = findNote(ctx, request.params.id!);
  const input = payload(request, 'note', noteSchema);
  const row = ctx.db.update(notes).set({ note: input.note, updatedAt: ctx.now }).where(eq(notes.id, current.id)).returning().get();
  ctx.recordChange('notes', row.id, 'update');
  return ok({ note: noteRecord(ctx, row) });
}

function deleteNote(request: RouteRequest) {
  const { ctx } = request;
  const row = findNote(ctx, request.params.id!);
  ctx.db.delete(notes).where(eq(notes.id, row.id)).run();
  ctx.recordChange('notes', row.id, 'delete');
  return deleted();
}

const LEVEL = Level.ContactsAndProjects;
const BY_ID = '/v2/notes/:id{[0-9]+}';

export const noteRoutes: Route[] = [
  { method: 'GET', path: '/v2/notes', level: LEVEL, handle: listNotes },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ note: noteRecord(ctx, findNote(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/notes', level: LEVEL, handle: createNote },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateNote },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteNote },
];
