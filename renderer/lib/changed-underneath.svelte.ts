import type { ApiResult } from './api';
import type { BookChange } from './api/book_changes';
import { onBookChange } from './book-changes.svelte';
import { undoStack } from './undo.svelte';
import { changedFields, mergeUnderneath, type FieldValues } from './underneath';

/** What the editor's banner says: which fields changed elsewhere, which now show it, which kept the typing. */
export interface UnderneathNotice {
  /** Labels of the fields changed elsewhere. */
  changed: string[];
  /** Labels of the fields that now show the new value. */
  taken: string[];
  /** The fields (by name) where what the person typed was kept, with the value from elsewhere. */
  kept: { field: string; label: string; theirs: string }[];
  /** The record was deleted elsewhere. */
  deleted: boolean;
  /** It went with an undo (Ctrl+Z) made in this window, not elsewhere: a redo brings it back. */
  undone?: boolean;
}

export interface UnderneathOptions<Rec> {
  /** The change-log resource of the record (invoices, bills …). */
  resource: string;
  /** The record's url while it is saved; null for a new one (nothing can change it elsewhere yet). */
  url: () => string | null;
  /** The resource has one record (the company): every change logged for it is this record's. */
  single?: boolean;
  /** Resources whose records belong to this one (a bank line's explanations): their changes name it as `record_owner`. */
  owned?: readonly string[];
  read: (url: string) => Promise<ApiResult<Rec>>;
  /** The record as the form's fields, each as the string the form holds. */
  valuesOf: (record: Rec) => Record<string, string>;
  /** What the form holds now, by the same names. */
  current: () => Record<string, string>;
  /** Puts values into the form (only the fields given). */
  apply: (values: Record<string, string>) => void;
  /** The record as read now, for what the editor shows beside the fields (status, what is left). */
  onrecord?: (record: Rec) => void;
  /** The fields' names as the form shows them; a function where the fields come and go (lines). */
  labels: Readonly<Record<string, string>> | ((field: string) => string);
  /** A save is under way: its own change is not news. */
  busy: () => boolean;
}

/**
 * Keeps an open editor in step with its record when the book changes underneath it (issue 19 item
 * 2): untouched fields take the new values at once, typed ones are kept and named in `notice`, and
 * nothing the person typed is overwritten unless they choose `useTheirs`. Build it during the
 * editor's setup (it subscribes to the book's changes for as long as the editor lives), and call
 * `rebase` with each record the editor saves, so its own writes are not taken for news.
 */
export class ChangedUnderneath<Rec> {
  notice = $state<UnderneathNotice | null>(null);
  /**
   * The record is gone (deleted, or taken back by an undo) until it reads again (a redo, a restore):
   * the editor offers none of its steps meanwhile, each of which the engine would refuse. Dismissing
   * the banner does not bring it back.
   */
  gone = $state(false);
  private base: FieldValues;
  private reading = 0;

  constructor(
    private readonly options: UnderneathOptions<Rec>,
    opened: Rec | null,
  ) {
    this.base = opened ? options.valuesOf(opened) : {};
    onBookChange([options.resource, ...(options.owned ?? [])], (batch) => {
      const url = options.url();
      if (!url) return;
      // The url names a record by its id, or by its own key where it has one (a category's code).
      const key = decodeURIComponent(url.split('/').pop() ?? '');
      const mine = (change: BookChange) =>
        change.resource === options.resource ? (change.record_key ?? change.record_id) === key : change.record_owner === `${options.resource}/${key}`;
      if (!batch.everything && !options.single && !batch.changes.some(mine)) return;
      const deletes = batch.changes.filter((change) => change.resource === options.resource && mine(change) && change.operation === 'delete');
      // Taken back by this window's own Ctrl+Z only when the delete heard is one its undo wrote: a
      // record deleted meanwhile by a sync round or another window is deleted elsewhere.
      const undoneHere = deletes.length > 0 ? Promise.all(deletes.map((change) => undoStack.steppedHere(change))).then((ways) => ways.every((way) => way === 'undo')) : Promise.resolve(false);
      void this.check(url, deletes.length > 0, undoneHere);
    });
  }

  /** The editor saved (or was given) this record: it is what "untouched" is measured against now. */
  rebase(record: Rec): void {
    this.base = this.options.valuesOf(record);
  }

  private async check(url: string, deleted: boolean, undoneHere: Promise<boolean>): Promise<void> {
    if (this.options.busy()) return;
    const asked = ++this.reading;
    const result = deleted ? null : await this.options.read(url);
    const undone = await undoneHere;
    if (asked !== this.reading || this.options.busy()) return;
    if (!result || !result.ok) {
      if (deleted || result?.error.status === 404) {
        this.notice = { changed: [], taken: [], kept: [], deleted: true, undone };
        this.gone = true;
      }
      return;
    }
    this.gone = false;
    // The record is back (a redo, a restore): that it was gone is no longer true, nor what the banner said.
    if (this.notice?.deleted) this.notice = null;
    const theirs = this.options.valuesOf(result.value);
    const changed = changedFields(this.base, theirs);
    this.options.onrecord?.(result.value);
    if (changed.length === 0) return;
    const merge = mergeUnderneath(this.base, this.options.current(), theirs);
    const takenValues: Record<string, string> = {};
    for (const field of merge.taken) takenValues[field] = merge.merged[field]!;
    this.options.apply(takenValues);
    this.base = theirs;
    const labels = this.options.labels;
    const label = (field: string) => (typeof labels === 'function' ? labels(field) : (labels[field] ?? field));
    // A second change before the first was dismissed adds to what the banner says.
    const before = this.notice;
    const kept = merge.kept.map((field) => ({ field, label: label(field), theirs: theirs[field] ?? '' }));
    this.notice = {
      changed: unique([...(before?.changed ?? []), ...changed.map(label)]),
      taken: unique([...(before?.taken ?? []), ...merge.taken.map(label)]),
      kept: [...(before?.kept ?? []).filter((item) => !merge.kept.includes(item.field)), ...kept],
      deleted: false,
    };
  }

  /** Puts the values from elsewhere into the fields where the person's typing was kept. */
  useTheirs(): void {
    const notice = this.notice;
    if (!notice) return;
    const values: Record<string, string> = {};
    for (const item of notice.kept) values[item.field] = item.theirs;
    this.options.apply(values);
    this.notice = null;
  }

  dismiss(): void {
    this.notice = null;
  }
}

const unique = (names: readonly string[]) => [...new Set(names)];
