/**
 * Shared: keeps what an editor holds as a draft in the book, and guards leaving it. An editor makes one
 * while it starts (`editorDraft({...})` in its script) with how to read and put back its state and how
 * to save; the rest is here:
 * - within a second of the last change the state goes to /v2/drafts (files with their bytes);
 * - `dirty` says whether anything differs from what the editor opened with (or last saved);
 * - leaving while dirty asks Keep editing / Save / Discard (leave-guard), and a discard can be undone;
 * - an editor opened for a kept draft (draft-inbox) starts with the draft's state;
 * - when the editor goes away with changes not yet written, they are written at once.
 * The editor calls `saved()` after each successful save: the draft is then gone.
 * Text a field below the editor shows but cannot read (a date typed "31/13/2026") is kept as typed
 * beside the state (lib/drafts/typed-texts), and a restored draft puts it back in its field.
 */
import { untrack } from 'svelte';
import { deleteDraft, listDrafts, putDraft } from '../api/drafts';
import type { SectionId } from '../sections';
import { toasts } from '../toasts.svelte';
import { holdForUnreadable } from '../unreadable-fields';
import { sameState, snapshotOf } from './draft-compare';
import { encodeState } from './draft-files';
import { contactNamesRead } from './draft-labels';
import { draftInbox, fieldsOf, type DraftMeta, type OpeningDraft } from './draft-inbox.svelte';
import { leaveGuard, type GuardedEditor } from './leave-guard.svelte';
import { offerTypedTextKeeper, type TypedTextKeeper } from './typed-texts';

/** "About a second" after the last key. */
export const DRAFT_DELAY_MS = 600;

export interface DraftSpec<State> {
  /** The sidebar section the editor lives in, where its drafts are listed. */
  section: SectionId;
  /** Which editor of the section ("invoice", "estimate", "bill"...). */
  kind: string;
  /** The record the editor shows (its url), null while it is new. */
  record: () => string | null;
  /** How the draft is named to the person: "invoice for Client Co". */
  label: () => string;
  /** Everything typed, as plain values (Files allowed). Read inside an effect: each field it reads is watched. */
  state: () => State;
  /** Puts a kept state back into the editor's fields. */
  apply: (state: State) => void;
  /** The editor's own save; true when it was saved. */
  save: () => Promise<boolean>;
  /**
   * No draft kept for this editor as it is now (a secret): nothing is written, but leaving it
   * changed still asks first (Keep editing, Save, Discard).
   */
  off?: boolean;
  /**
   * Whether fields another editor of this record left (parked, or held by one on screen) are this
   * editor's: several bank lines explained at once are one draft of their account among others, and
   * only the same lines take up what was typed for them. Absent: always.
   */
  belongs?: (fields: unknown) => boolean;
  /** The editor reads what it shows first: nothing is compared or kept until it calls `ready()`. */
  loads?: boolean;
}

const randomPart = () => crypto.randomUUID().slice(0, 8);

/**
 * The editors on screen now. A keyed block made anew (a contact's page after its details are saved)
 * makes the new editor before the old one goes (Svelte 5's branches), so the old one's changes were
 * parked only after the new one had looked for them: the new one takes them from the old one instead.
 */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- looked up as an editor is made, never watched
const onScreen = new Set<EditorDraft<unknown>>();

/** "invoices:invoice-17" for a saved record, "invoices:invoice-new-3f2a9c1d" for a new one. */
function keyFor(section: SectionId, kind: string, record: string | null): string {
  const id = record?.split('/').filter(Boolean).pop()?.replace(/[^A-Za-z0-9_.-]/g, '') ?? '';
  return `${section}:${kind}-${id || `new-${randomPart()}`}`;
}

/** A record's key is the same each time; a random one is taken only by this editor. */
const isRecordKey = (key: string) => !/-new-[0-9a-f]{8}$/.test(key);

export class EditorDraft<State> implements GuardedEditor, TypedTextKeeper {
  dirty = $state(false);
  /** What the person sees beside the title: nothing, "Draft kept", or why it was not. */
  status = $state<'none' | 'kept' | 'failed'>('none');
  problem = $state('');
  private key: string;
  /** What the editor held when it opened or was last saved (snapshotOf), to tell whether it changed. */
  private baseline: unknown;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A draft row exists for this key (written, not yet saved or discarded). */
  private stored = false;
  /** Saved and closed, or discarded: nothing more is written. */
  private finished = false;
  private writing: Promise<void> = Promise.resolve();
  /** False while a `loads` editor is still reading what it shows. */
  private started = $state(true);
  private claimed: ReturnType<typeof draftInbox.claim> = null;
  /** Says the editor no longer holds its key (draftInbox.editing); replaced when the key changes. */
  private closeEditing: () => void = () => undefined;
  /** The editor is on screen (between its effect's start and cleanup). */
  private present = false;
  /**
   * Text typed in fields below the editor that could not read it, by field id (TypedTextKeeper). A
   * field that goes while unreadable leaves its text here: it was typed, and the draft keeps it.
   */
  private typedTexts = $state<Record<string, string>>({});
  /** The fields on screen that can show text again, by id. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- looked up when a draft is applied, never watched
  private readonly showing = new Map<string, (text: string) => void>();
  /** Text of a restored draft not yet shown in its field (the field is not on screen yet), by id. */
  private toShow: Record<string, string> = {};

  constructor(private readonly spec: DraftSpec<State>) {
    this.offerToFields();
    if (spec.off) {
      // Nothing written (finished from the start); what was typed is still compared, and guarded.
      this.key = '';
      this.baseline = this.held();
      this.finished = true;
      if (spec.loads) this.started = false;
      $effect(() => this.watch());
      $effect(() => {
        leaveGuard.add(this);
        return () => leaveGuard.remove(this);
      });
      return;
    }
    const record = spec.record();
    const claimed = draftInbox.claim(spec.kind, record) ?? (record ? (draftInbox.resume(spec.section, spec.kind, record, spec.belongs) ?? this.takeOver(record)) : null);
    this.key = claimed?.key ?? keyFor(spec.section, spec.kind, record);
    if (!claimed) this.keepApartFromEarlierDraft();
    this.baseline = this.held();
    if (spec.loads) {
      this.started = false;
      this.claimed = claimed;
    } else if (claimed) {
      this.stored = true;
      this.take(claimed);
    }
    $effect(() => this.watch());
    $effect(() => {
      leaveGuard.add(this);
      this.present = true;
      onScreen.add(this as EditorDraft<unknown>);
      this.closeEditing = draftInbox.editing(this.key);
      return () => {
        this.present = false;
        onScreen.delete(this as EditorDraft<unknown>);
        this.closeEditing();
        leaveGuard.remove(this);
        // Gone while changed (a remount, a section left after Keep was not asked): keep it now, and
        // the next editor of this record in this window starts from it.
        if (this.dirty && !this.finished) {
          this.flush();
          const fields = $state.snapshot(this.spec.state());
          draftInbox.park({ key: this.key, section: this.spec.section, kind: this.spec.kind, record: this.spec.record(), fields, typed: this.typedNow(), live: true });
        }
      };
    });
  }

  /**
   * The changes of the same editor of `record` still on screen while this one is made in its place (see
   * `onScreen`): this one goes on with its key and what it holds, after the writes it queued, and the
   * old one, going, writes and parks nothing. Null when there is none, or it holds no changes.
   */
  private takeOver(record: string): OpeningDraft | null {
    const { section, kind } = this.spec;
    const before = [...onScreen].find((each) => each.spec.section === section && each.spec.kind === kind && each.dirty && !each.finished && each.spec.record() === record);
    if (!before) return null;
    const fields = $state.snapshot(before.spec.state());
    if (this.spec.belongs && !this.spec.belongs(fields)) return null;
    clearTimeout(before.timer);
    before.finished = true;
    this.writing = before.writing;
    return { key: before.key, section, kind, record, fields, typed: before.typedNow(), live: true };
  }

  /**
   * Offers the draft to the fields below the editor (lib/drafts/typed-texts). An editor made outside a
   * component's start (the import review's, in an effect root of its own) has no fields below it that
   * could ask: Svelte refuses a context there, and there is nothing to offer.
   */
  private offerToFields(): void {
    try {
      offerTypedTextKeeper(this);
    } catch {
      // Outside a component's start: see above.
    }
  }

  /** What the editor holds now, to compare with the baseline: its state and the text its fields could not read. */
  private held(): unknown {
    return snapshotOf({ state: this.spec.state(), typed: this.typedTexts });
  }

  /** The typed texts as plain values, or undefined when there are none. */
  private typedNow(): Record<string, string> | undefined {
    const typed = $state.snapshot(this.typedTexts);
    return Object.keys(typed).length > 0 ? typed : undefined;
  }

  /** Puts a kept draft in the editor: its state, then the text its fields could not read, as typed. */
  private take(draft: OpeningDraft): void {
    this.spec.apply(fieldsOf(draft) as State);
    const typed = draft.typed ?? {};
    this.typedTexts = { ...typed };
    this.toShow = { ...typed };
    for (const [id, show] of this.showing) this.showKept(id, show);
  }

  private showKept(id: string, show: (text: string) => void): void {
    const text = this.toShow[id];
    if (text === undefined) return;
    delete this.toShow[id];
    show(text);
  }

  typed(id: string, text: string | null): void {
    // Untracked: called from a field's effect, which must not depend on what the draft holds.
    untrack(() => {
      if (text !== null) {
        if (this.typedTexts[id] !== text) this.typedTexts[id] = text;
      } else if (id in this.typedTexts && !(id in this.toShow)) delete this.typedTexts[id];
    });
  }

  shows(id: string, show: (text: string) => void): () => void {
    this.showing.set(id, show);
    this.showKept(id, show);
    return () => {
      if (this.showing.get(id) === show) this.showing.delete(id);
    };
  }

  /**
   * A record opened by hand while a draft of it is kept from before (the start-up offer answered
   * Later, a draft in the section's list not opened) starts from the book, and its first key would
   * have written over that draft under the record's key. Before anything is written, a draft found
   * under the key sends this editor's writes to a key of its own: the earlier draft stays, listed in
   * its section, and the toast offers it. Queued first on `writing`, so no write can go before it.
   */
  private keepApartFromEarlierDraft(): void {
    const key = this.key;
    if (!isRecordKey(key)) return;
    this.writing = this.writing.then(async () => {
      // The section's list, not a read of the key: no 404 for the usual case of no draft.
      const kept = await listDrafts(this.spec.section);
      const earlier = kept.ok ? kept.value.find((draft) => draft.key === key) : undefined;
      if (!earlier || this.key !== key) return;
      this.key = `${key}-${randomPart()}`;
      if (this.present) {
        this.closeEditing();
        this.closeEditing = draftInbox.editing(this.key);
      }
      const label = earlier.label;
      toasts.show(`An unsaved draft of ${label} is kept from before; changes made here are kept apart from it.`, { action: { label: 'Open it', run: () => void draftInbox.open(key) } });
    });
  }

  get keepsDraft(): boolean {
    return !this.spec.off;
  }

  label(): string {
    return this.spec.label();
  }

  /**
   * A value the editor starts with that arrives after it opened (a new record's date, once the
   * engine's today is known): when nothing was changed yet, it is part of what the editor opened
   * with, so it alone neither asks on leaving nor keeps a draft.
   */
  startWith(change: () => void): void {
    const untouched = sameState(this.held(), this.baseline);
    change();
    if (untouched) this.baseline = this.held();
  }

  /** For a `loads` editor, once it shows what it read: that is the baseline, and a kept draft goes on it. */
  ready(): void {
    if (this.spec.off) {
      this.baseline = this.held();
      this.started = true;
      return;
    }
    this.baseline = this.held();
    const claimed = this.claimed;
    this.claimed = null;
    if (claimed) {
      this.stored = true;
      this.take(claimed);
    }
    this.started = true;
  }

  private watch(): void {
    if (!this.started) return;
    // The snapshot reads every field (so each is watched); the comparison, of plain values, need not.
    const now = this.held();
    untrack(() => {
      clearTimeout(this.timer);
      this.dirty = !sameState(now, this.baseline);
      if (this.finished) return;
      if (this.dirty) this.timer = setTimeout(() => this.flush(), DRAFT_DELAY_MS);
      else if (this.stored) this.forget();
    });
  }

  /** Writes the state now (after the writes before it, so the last one wins). */
  flush(): void {
    clearTimeout(this.timer);
    if (this.finished) return;
    const fields = this.spec.state();
    const typed = this.typedNow();
    const meta: DraftMeta = { kind: this.spec.kind, record: this.spec.record() };
    const key = this.key;
    this.writing = this.writing.then(async () => {
      // The label names the contact: its name is read first (once).
      await contactNamesRead();
      const label = this.spec.label();
      const state = (await encodeState({ ...meta, fields, ...(typed ? { typed } : {}) })) as Record<string, unknown>;
      const result = await putDraft(key, { section: this.spec.section, label, state });
      if (result.ok) {
        this.stored = true;
        this.status = 'kept';
        this.problem = '';
        draftInbox.changed();
      } else {
        this.status = 'failed';
        this.problem = result.error.messages.join(' ');
      }
    });
  }

  /** Back as it was saved: the draft has nothing to keep. */
  private forget(): void {
    const key = this.key;
    draftInbox.unpark(key);
    this.stored = false;
    this.status = 'none';
    this.writing = this.writing.then(async () => {
      await deleteDraft(key, true);
      draftInbox.changed();
    });
  }

  /** Called by the editor after it saved: what it shows now is the baseline, and the draft goes. */
  saved(): void {
    clearTimeout(this.timer);
    // Saved, every field read (a save is held while one cannot): no text is left over from before.
    this.typedTexts = {};
    this.toShow = {};
    this.baseline = this.held();
    this.dirty = false;
    if (this.stored) this.forget();
    this.status = 'none';
    // A new record has its own key from now on (kept apart from a draft of it left by another window).
    // One already kept apart from an earlier draft of its record stays so: the toast was said once.
    const recordKey = keyFor(this.spec.section, this.spec.kind, this.spec.record());
    if (!this.spec.off && !this.key.startsWith(`${recordKey}-`)) {
      this.key = recordKey;
      this.keepApartFromEarlierDraft();
    }
  }

  /** The record went (deleted) or the editor is closing on purpose with nothing to keep. */
  drop(): void {
    this.saved();
    this.finished = true;
  }

  /** The editor's save, held while a field on the page shows text it cannot read (lib/unreadable-fields). */
  async saveNow(): Promise<boolean> {
    if (holdForUnreadable()) return false;
    return this.whileSaving(this.spec.save);
  }

  /**
   * Runs a save of an editor that may go away as it succeeds (the explain panel moves to the next
   * line): nothing is kept meanwhile, and once saved the draft is gone; refused, drafting goes on.
   */
  async whileSaving(run: () => Promise<boolean>): Promise<boolean> {
    if (this.spec.off) {
      const ok = await run();
      if (ok) this.saved();
      return ok;
    }
    clearTimeout(this.timer);
    const wasFinished = this.finished;
    this.finished = true;
    const ok = await run();
    this.finished = wasFinished;
    if (ok) this.saved();
    return ok;
  }

  /** Leave without saving: the draft is discarded, and the toast's Undo brings it back. */
  async discard(): Promise<void> {
    // Nothing was kept: what was typed simply goes.
    if (this.spec.off) {
      this.dirty = false;
      return;
    }
    const label = this.spec.label();
    // What was typed in the last moment is written first, so the Undo brings all of it back.
    if (this.dirty) this.flush();
    this.finished = true;
    await this.writing;
    const key = this.key;
    draftInbox.unpark(key);
    const gone = await deleteDraft(key);
    draftInbox.changed();
    if (!gone.ok) return;
    toasts.show(`Discarded the draft of ${label}.`, { action: { label: 'Undo', run: () => void draftInbox.restore(key) } });
  }
}

/** For an editor's script: keeps its drafts and guards leaving it (see EditorDraft). */
export function editorDraft<State>(spec: DraftSpec<State>): EditorDraft<State> {
  return new EditorDraft(spec);
}
