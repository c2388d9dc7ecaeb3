/** Typed calls for /v2/notes: the notes on a contact or a project, oldest first; one note; add, change, delete. */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

export const noteSchema = z.object({
  url: z.string(),
  note: z.string(),
  author: z.string().default(''),
  created_at: z.string(),
  updated_at: z.string(),
  /** The contact's or project's url the note is on. */
  parent_url: z.string().optional(),
});
export type Note = z.infer<typeof noteSchema>;

/** Whose notes: a contact's or a project's url. */
export interface NoteParent {
  kind: 'contact' | 'project';
  url: string;
}

export function listNotes(parent: NoteParent): Promise<ApiResult<Note[]>> {
  return getAll('/v2/notes', 'notes', noteSchema, { [parent.kind]: parent.url });
}

/** One note, with the contact or project it is on (parent_url). */
export function getNote(url: string): Promise<ApiResult<Note>> {
  return getOne('GET', pathOf(url), 'note', noteSchema);
}

export function createNote(parent: NoteParent, note: string): Promise<ApiResult<Note>> {
  return getOne('POST', '/v2/notes', 'note', noteSchema, { query: { [parent.kind]: parent.url }, body: { note: { note } } });
}

export function updateNote(url: string, note: string): Promise<ApiResult<Note>> {
  return getOne('PUT', pathOf(url), 'note', noteSchema, { body: { note: { note } } });
}

export async function deleteNote(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
