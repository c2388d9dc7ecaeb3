/**
 * A draft on its way back into its editor (from the start-up offer, a section's drafts, or the Undo of
 * a discard): App moves to the draft's section, the section opens the editor for its record (`route`),
 * and the editor takes the draft's state when it starts (`claim`, in EditorDraft).
 */
import { untrack } from 'svelte';
import { getDraft, restoreDraft, type StoredDraft } from '../api/drafts';
import type { SectionId } from '../sections';
import { toasts } from '../toasts.svelte';
import { decodeState } from './draft-files';
import { leaveGuard } from './leave-guard.svelte';

/** What EditorDraft writes beside the editor's fields: which editor, and which record. */
export interface DraftMeta {
  kind: string;
  record: string | null;
}

export interface OpeningDraft extends DraftMeta {
  key: string;
  section: SectionId;
  fields: unknown;
  /** Text typed in fields that could not read it, by field id, as typed (lib/drafts/typed-texts). */
  typed?: Record<string, string>;
  /** The fields as the editor held them (parked in this window), not as stored: nothing to decode. */
  live?: boolean;
}

/** A draft's fields as its editor takes them: stored ones decoded (files, urls), parked ones as they were. */
export const fieldsOf = (draft: OpeningDraft): unknown => (draft.live ? draft.fields : decodeState(draft.fields));

function openingOf(draft: StoredDraft): OpeningDraft {
  const meta = decodeState(draft.state) as Partial<DraftMeta> & { fields?: unknown; typed?: unknown };
  return { key: draft.key, section: draft.section as SectionId, kind: String(meta.kind ?? ''), record: typeof meta.record === 'string' ? meta.record : null, fields: meta.fields, typed: typedOf(meta.typed) };
}

/** A stored draft's typed texts, leaving out anything that is not a field id and its text. */
function typedOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const texts = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return texts.length > 0 ? Object.fromEntries(texts) : undefined;
}

class DraftInbox {
  /** Seen by the section views: which editor to open. */
  opening = $state<OpeningDraft | null>(null);
  /** Taken by the editor as it starts; not reactive, so an editor may take it while it is made. */
  private waiting: OpeningDraft | null = null;
  /** Bumped when drafts were kept, saved or discarded, so lists of drafts read again. */
  version = $state(0);
  /** Set by App.svelte: moves to a section without asking again (the guard has been asked). */
  navigate: ((section: SectionId) => void) | null = null;

  /**
   * Keys of the drafts whose editors are open now. A section's list of drafts leaves these out: the
   * category form listed its own draft above itself, with an Open that would only open it again.
   */
  inEditor = $state<readonly string[]>([]);

  changed(): void {
    this.version += 1;
  }

  /** An editor holding draft `key` opened; the returned function says it closed. */
  editing(key: string): () => void {
    // Untracked: called from the editor's effect, which must not depend on the list it changes.
    untrack(() => (this.inEditor = [...this.inEditor, key]));
    // One entry goes: an editor made in place of another holds the same key a moment before it goes.
    return () =>
      untrack(() => {
        const at = this.inEditor.indexOf(key);
        if (at >= 0) this.inEditor = this.inEditor.toSpliced(at, 1);
      });
  }

  /** Opens a kept draft in its editor, after the open editor (if changed) was saved or discarded. */
  async open(key: string): Promise<void> {
    if (!(await leaveGuard.confirm())) return;
    const read = await getDraft(key);
    if (!read.ok) {
      toasts.show(`The draft could not be opened: ${read.error.messages.join(' ')}`, { tone: 'error' });
      return;
    }
    this.deliver(openingOf(read.value));
  }

  /** The Undo of a discard: the draft comes back and opens again. */
  async restore(key: string): Promise<void> {
    const restored = await restoreDraft(key);
    if (!restored.ok) {
      toasts.show(`The draft did not come back: ${restored.error.messages.join(' ')}`, { tone: 'error' });
      return;
    }
    this.changed();
    if (await leaveGuard.confirm()) this.deliver(openingOf(restored.value));
  }

  private deliver(draft: OpeningDraft): void {
    this.parked.delete(draft.key);
    this.waiting = draft;
    this.opening = draft;
    this.navigate?.(draft.section);
  }

  /**
   * For a section view, in an $effect: when a draft of this section is opening, `open` is called with
   * its editor kind and record (null for a new one) to bring that editor up. `kinds`: only drafts of
   * these editors (a section whose pages each have their own). `fields` are the draft's, for a screen
   * that needs them to open the editor at all (the import review opens over the file its draft holds);
   * the editor still takes the draft as it starts.
   */
  route(section: SectionId, open: (kind: string, record: string | null, fields: () => unknown) => void, kinds?: readonly string[]): void {
    const draft = this.opening;
    if (draft?.section !== section || (kinds && !kinds.includes(draft.kind))) return;
    untrack(() => {
      this.opening = null;
      open(draft.kind, draft.record, () => fieldsOf(draft));
    });
  }

  /**
   * Changes of an editor that went away without being asked (a register over the account form, a
   * settings tab, another project), by draft key: the next editor of the same record starts from
   * them instead of the book's values, whose first key would have overwritten the kept draft.
   */
  private readonly parked = new Map<string, OpeningDraft>();

  park(draft: OpeningDraft): void {
    this.parked.set(draft.key, draft);
  }

  /** The draft is gone (saved, discarded, or brought back another way): nothing to resume. */
  unpark(key: string): void {
    this.parked.delete(key);
  }

  /**
   * For EditorDraft as its editor starts: the changes the last editor of this record left, once. Found
   * by the editor and record, not the key: a record's draft may have a key of its own (EditorDraft
   * keeps it apart from an earlier draft of the record). `belongs`: whether the fields are this
   * editor's, for an editor that is one of several of its record (a set of lines of an account).
   */
  resume(section: SectionId, kind: string, record: string, belongs: (fields: unknown) => boolean = () => true): OpeningDraft | null {
    const draft = [...this.parked.values()].find((each) => each.section === section && each.kind === kind && each.record === record && belongs(fieldsOf(each))) ?? null;
    if (draft) this.parked.delete(draft.key);
    return draft;
  }

  /**
   * Whether a draft of editor `kind` for `record` is on its way, not yet taken: for a screen that
   * opens that editor itself (a dialog over the record's own editor) once the record shows.
   */
  awaits(kind: string, record: string | null): boolean {
    return this.waiting?.kind === kind && this.waiting.record === record;
  }

  /**
   * The draft on its way cannot open (its record is gone): nothing waits for it any more, so an editor
   * of that record opened later by hand does not take it. It stays stored, listed in its section.
   */
  letGo(kind: string, record: string | null): void {
    this.claim(kind, record);
  }

  /** For EditorDraft as its editor starts: the draft meant for it, if one is opening. */
  claim(kind: string, record: string | null): OpeningDraft | null {
    const draft = this.waiting;
    if (!draft || draft.kind !== kind || draft.record !== record) return null;
    this.waiting = null;
    return draft;
  }
}

export const draftInbox = new DraftInbox();
