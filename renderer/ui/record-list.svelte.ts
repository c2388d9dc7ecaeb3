/**
 * Shared: what a list of records with its editor in its place keeps (Bills, Expenses, Estimates,
 * invoices and credit notes): which record the editor shows (a new one is null; undefined while the
 * list shows), the list's reloads after a save, its active row and its table, to give the focus back
 * to when the editor closes, and the sentence of a record that could not be read.
 * Keys: N starts a new record while the list shows (`keydown`, for <svelte:window>).
 */
import type { ApiResult } from '../lib/api';
import { onBookChange } from '../lib/book-changes.svelte';
import { leaveGuard } from '../lib/drafts/leave-guard.svelte';
import { isPlainKey } from '../lib/keyboard';

export class RecordList<Rec> {
  /**
   * The editor's record: a new one (null) or one read in full; undefined when the list shows. Raw:
   * a record is replaced whole, never changed in place, and a proxy on a 2,000-line invoice made
   * every item a proxy as the editor read it (read field by field, 47 ms to open it).
   */
  editing = $state.raw<Rec | null | undefined>(undefined);
  /** Bumped for each record opened, so the editor starts afresh even for the same one. */
  editorKey = $state(0);
  /** Bumped when the list should be read again (a save, the editor closing). */
  reloads = $state(0);
  active = $state(0);
  table = $state<HTMLDivElement>();
  problem = $state<string[]>([]);

  constructor(private readonly read: (url: string) => Promise<ApiResult<Rec>>) {}

  /**
   * Reads the list again in place whenever one of `resources` changes in the book (a sync, an
   * import, the CLI, another window). Call it during the owning component's setup.
   */
  watch(resources: readonly string[]): void {
    onBookChange(resources, () => (this.reloads += 1));
  }

  get editorOpen(): boolean {
    return this.editing !== undefined;
  }

  /** Reads the record in full and opens it; a refusal is said above the list. */
  open = async (url: string): Promise<void> => {
    const result = await this.read(url);
    if (!result.ok) {
      this.problem = [...result.error.messages];
      return;
    }
    this.editorKey += 1;
    this.editing = result.value;
  };

  startNew = (): void => {
    this.editorKey += 1;
    this.editing = null;
  };

  saved = (): void => {
    this.reloads += 1;
  };

  /** A kept draft opening here (draftInbox.route): its record, or a new one. */
  openDraft = (_kind: string, record: string | null): void => {
    if (record) void this.open(record);
    else this.startNew();
  };

  /**
   * Back to the list, read again, with the focus on its table where the person left it; an editor with
   * unsaved changes asks first (Keep editing / Save / Discard).
   */
  closeEditor = async (): Promise<void> => {
    if (!(await leaveGuard.confirm())) return;
    this.editing = undefined;
    this.reloads += 1;
    queueMicrotask(() => this.table?.focus());
  };

  keydown = (event: KeyboardEvent): void => {
    if (this.editing !== undefined) return;
    if (isPlainKey(event, 'n')) {
      event.preventDefault();
      this.startNew();
    }
  };

  /** The list's rows as read: the list's problem follows the answer, a refusal shows as no rows. */
  rowsFrom<Row>(result: ApiResult<Row[]>): Row[] {
    this.problem = result.ok ? [] : [...result.error.messages];
    return result.ok ? result.value : [];
  }
}
