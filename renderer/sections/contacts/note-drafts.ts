/**
 * The drafts kept by the notes panel (lib/drafts): a new note on a contact or on a project, and a note
 * being changed. Their kinds, by which Contacts knows a draft is a note's, and where such a draft
 * opens: the contact's page or the project, read first, so a record deleted since is said, not opened.
 */
import type { ApiResult } from '../../lib/api';
import { getContact, type Contact } from '../../lib/api/contacts';
import { getNote, type NoteParent } from '../../lib/api/notes';
import { getProject, type Project } from '../../lib/api/projects';

/**
 * A new note, one kind per parent: a draft's key is made of its kind and the last part of its record's
 * url, and contact 3 and project 3 would otherwise share one.
 */
export const NEW_NOTE_DRAFT: Readonly<Record<NoteParent['kind'], string>> = { contact: 'contact_note', project: 'project_note' };
/** A note being changed (record: the note's url). */
export const NOTE_CHANGE_DRAFT = 'note_change';
export const NOTE_DRAFT_KINDS: readonly string[] = [NEW_NOTE_DRAFT.contact, NEW_NOTE_DRAFT.project, NOTE_CHANGE_DRAFT];

/** Where a note's draft opens, or the sentence saying why it cannot. */
export type NoteDraftPlace = { kind: 'contact'; contact: Contact } | { kind: 'project'; project: Project } | { kind: 'gone'; words: string };

const UNSAVED = 'Discard it under Unsaved drafts if it is no longer wanted.';

function goneWords(what: string, status: number, messages: readonly string[]): string {
  if (status === 404) return `The ${what} this draft was kept for is no longer in the book, so the draft cannot be opened. ${UNSAVED}`;
  return `The ${what} this draft was kept for could not be read: ${messages.join(' ')}`;
}

/** A note's parent by its url's path (/v2/contacts/3 or /v2/projects/3). */
const parentKindOf = (url: string): NoteParent['kind'] | null => (/\/projects\/[^/]+\/?$/.test(url) ? 'project' : /\/contacts\/[^/]+\/?$/.test(url) ? 'contact' : null);

async function placeOfParent(parent: NoteParent): Promise<NoteDraftPlace> {
  if (parent.kind === 'contact') {
    const read: ApiResult<Contact> = await getContact(parent.url);
    return read.ok ? { kind: 'contact', contact: read.value } : { kind: 'gone', words: goneWords('contact', read.error.status, read.error.messages) };
  }
  const read: ApiResult<Project> = await getProject(parent.url);
  return read.ok ? { kind: 'project', project: read.value } : { kind: 'gone', words: goneWords('project', read.error.status, read.error.messages) };
}

/** Reads where a note's draft (`kind`, `record` as kept) opens: its contact or project, as it is now. */
export async function placeOfNoteDraft(kind: string, record: string | null): Promise<NoteDraftPlace> {
  if (!record) return { kind: 'gone', words: `This draft names no contact or project to open it on. ${UNSAVED}` };
  if (kind !== NOTE_CHANGE_DRAFT) return placeOfParent({ kind: kind === NEW_NOTE_DRAFT.project ? 'project' : 'contact', url: record });
  const note = await getNote(record);
  if (!note.ok) return { kind: 'gone', words: goneWords('note', note.error.status, note.error.messages) };
  const parentUrl = note.value.parent_url ?? '';
  const parentKind = parentKindOf(parentUrl);
  if (!parentKind) return { kind: 'gone', words: `The note this draft was kept for is on neither a contact nor a project, so the draft cannot be opened. ${UNSAVED}` };
  return placeOfParent({ kind: parentKind, url: parentUrl });
}
