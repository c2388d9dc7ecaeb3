import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { CsvColumnMappingFields, ReviewedUpload, StatementPreview } from '../../../shared/api/statement_import';
import { importStatement, previewStatement, undoStatementUpload } from '../../lib/api';
import { latestReconciliation } from '../../lib/api/bank_reconciliations';
import { initialSelection, isSelectable } from './import-review';
import { formatCount } from '../../lib/format';
import type { ReviewDraftState } from './review-draft';

export type ImportPhase = 'review' | 'importing' | 'done';

/**
 * The review of one statement file: its preview (read again whenever the account or the CSV columns
 * change), the rows the user has chosen, the import and its undo. A preview that arrives after a
 * newer one was asked for is dropped, so a slow answer cannot show rows for an old choice.
 */
export class ImportSession {
  preview = $state<StatementPreview | null>(null);
  previewing = $state(false);
  /** Sentences from a request that failed (the engine's, or why it could not be reached). */
  errors = $state<readonly string[]>([]);
  accountUrl = $state<string | null>(null);
  /** The account the file's own details matched, once any reading found one (a CSV read with the user's columns names none). */
  matchedUrl = $state<string | null>(null);
  /** The CSV columns the user set; null while the engine's guess (or remembered mapping) stands. */
  mapping = $state<CsvColumnMappingFields | null>(null);
  dateOrderAmbiguous = $state(false);
  mappingConfirmed = $state(false);
  selected = $state(new SvelteSet<number>());
  /**
   * The rows the person ticked or left out otherwise than they started (row index → chosen), what the
   * draft keeps; a row set back as it started leaves. Read afresh with each preview, as `selected` is.
   */
  choices = $state(new SvelteMap<number, boolean>());
  phase = $state<ImportPhase>('review');
  /** The upload's progress while importing: share sent, or null once the engine is writing. */
  sent = $state<number | null>(0);
  result = $state<ReviewedUpload | null>(null);
  undoing = $state(false);
  undoErrors = $state<readonly string[]>([]);
  notice = $state('');
  /** The rows of the import just undone, so it can be done again as it was; null when there is none to redo. */
  undoneRows = $state<readonly number[] | null>(null);
  /**
   * The engine held the import back (409): chosen rows fall in a statement the person reconciled. The
   * statement's date when it could be read; the view asks, and the answer comes to answerReconciled.
   */
  askingReconciled = $state<{ statementDate: string | null } | null>(null);
  /** Said when the person chose not to import into the reconciled statement. */
  heldBack = $state('');
  private latest = 0;
  /** The rows each preview started with chosen. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole with each preview, never watched
  private startChosen: ReadonlySet<number> = new Set<number>();
  /** A kept draft's row choices, waiting for the preview read with its account and columns. */
  private pendingChoices: ReviewDraftState['choices'] | null = null;

  constructor(readonly file: File) {}

  async load(): Promise<void> {
    const request = ++this.latest;
    this.previewing = true;
    const answer = await previewStatement(this.file, { bankAccountUrl: this.accountUrl, columnMapping: this.mapping ?? undefined, dateOrder: this.mapping?.date_order });
    if (request !== this.latest) return;
    this.previewing = false;
    if (!answer.ok) {
      this.errors = answer.error.messages;
      return;
    }
    const preview = answer.value;
    this.errors = [];
    // The first reading adopts the account the file matched; after that the user's choice stands.
    this.accountUrl ??= preview.bank_account;
    this.matchedUrl ??= preview.matched_bank_account;
    if (preview.csv?.date_order_ambiguous) this.dateOrderAmbiguous = true;
    if (preview.csv?.mapping_source === 'remembered') this.mappingConfirmed = true;
    this.preview = preview;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- as above
    this.startChosen = new Set(initialSelection(preview.rows));
    this.selected = new SvelteSet(this.startChosen);
    this.choices = new SvelteMap();
    const pending = this.pendingChoices;
    this.pendingChoices = null;
    if (pending) this.applyChoices(pending);
  }

  /** What the person chose, as a draft keeps it (lib/drafts reads each field, so each is watched). */
  draftState(): ReviewDraftState {
    const choices = this.pendingChoices ?? [...this.choices].sort(([a], [b]) => a - b);
    return { file: this.file, accountUrl: this.accountUrl, mapping: this.mapping, mappingConfirmed: this.mappingConfirmed, choices };
  }

  /**
   * A kept draft's choices put back: its account and columns (the file read again with them when they
   * differ from the preview shown), then its rows, on the rows that are still there to choose.
   */
  restore(kept: ReviewDraftState): void {
    const reread = kept.accountUrl !== this.accountUrl || JSON.stringify(kept.mapping) !== JSON.stringify(this.mapping);
    this.accountUrl = kept.accountUrl;
    this.mapping = kept.mapping;
    this.mappingConfirmed = kept.mappingConfirmed;
    if (reread) {
      this.pendingChoices = kept.choices;
      void this.load();
    } else this.applyChoices(kept.choices);
  }

  private applyChoices(choices: ReviewDraftState['choices']): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup made and read here only
    const rows = new Map((this.preview?.rows ?? []).map((row) => [row.index, row] as const));
    for (const [index, chosen] of choices) {
      const row = rows.get(index);
      if (row && isSelectable(row)) this.toggle(index, chosen);
    }
  }

  chooseAccount(url: string): void {
    // Another account's rows are not the ones undone: there is nothing to redo there.
    this.undoneRows = null;
    this.heldBack = '';
    this.accountUrl = url;
    void this.load();
  }

  changeMapping(mapping: CsvColumnMappingFields): void {
    this.undoneRows = null;
    this.heldBack = '';
    this.mapping = mapping;
    void this.load();
  }

  toggle(index: number, chosen: boolean): void {
    if (chosen) this.selected.add(index);
    else this.selected.delete(index);
    if (chosen === this.startChosen.has(index)) this.choices.delete(index);
    else this.choices.set(index, chosen);
  }

  includeAll(status: 'possible_duplicate'): void {
    for (const row of this.preview?.rows ?? []) if (row.status === status) this.toggle(row.index, true);
  }

  /** Why Import cannot run now, as a sentence; null when it can. */
  get blocker(): string | null {
    const preview = this.preview;
    if (this.errors.length > 0) return 'The file could not be read; see the message above.';
    if (!preview) return 'Reading the file…';
    if (preview.errors.length > 0) return 'This file has problems (listed above); nothing from it can be imported until they are put right.';
    if (preview.rows.length === 0) return 'The file holds no rows to import.';
    if (this.accountUrl === null) return 'Choose the account to import into.';
    if (preview.csv && !this.mappingConfirmed) return 'Confirm the CSV columns first.';
    if (this.selected.size === 0) {
      return preview.counts.duplicate === preview.rows.length ? 'Every row is already in the account: there is nothing new to import.' : 'No rows are chosen to import.';
    }
    return null;
  }

  /** `confirmed`: the person said yes to importing rows into a reconciled statement. */
  async importRows(confirmed = false): Promise<boolean> {
    const preview = this.preview;
    const accountUrl = this.accountUrl;
    if (!preview || accountUrl === null || this.blocker !== null || this.phase !== 'review' || this.askingReconciled) return false;
    // Kept to put back if the engine asks first: until the person answers, the review stays as it was.
    const { undoneRows, notice } = this;
    this.undoneRows = null;
    this.phase = 'importing';
    this.sent = 0;
    this.notice = '';
    this.heldBack = '';
    const rows = [...this.selected].sort((a, b) => a - b);
    const mapping = preview.csv?.mapping;
    const answer = await importStatement(this.file, { bankAccountUrl: accountUrl, columnMapping: mapping, dateOrder: mapping?.date_order }, rows, (sent) => (this.sent = sent), confirmed);
    if (!answer.ok && answer.error.status === 409 && !confirmed) {
      const latest = await latestReconciliation(accountUrl);
      this.phase = 'review';
      this.undoneRows = undoneRows;
      this.notice = notice;
      this.askingReconciled = { statementDate: latest.ok && latest.value ? latest.value.statement_date : null };
      return false;
    }
    if (!answer.ok) {
      this.phase = 'review';
      this.errors = answer.error.messages;
      return false;
    }
    this.result = answer.value;
    this.undoErrors = [];
    this.phase = 'done';
    return true;
  }

  /** The person's answer to the reconciled statement's question: yes imports the same rows confirmed; no imports nothing and keeps every choice. */
  answerReconciled(yes: boolean): Promise<boolean> {
    // Answered once: a second answer (the dialog closing after Import anyway) changes nothing.
    if (!this.askingReconciled) return Promise.resolve(false);
    this.askingReconciled = null;
    if (yes) return this.importRows(true);
    this.heldBack = 'Nothing was imported: some of the chosen rows fall in a statement you reconciled, and you chose to leave it as it is. Untick them to import the rest.';
    return Promise.resolve(false);
  }

  async undo(): Promise<boolean> {
    if (!this.result) return false;
    this.undoing = true;
    const answer = await undoStatementUpload(this.result.url);
    this.undoing = false;
    if (!answer.ok) {
      this.undoErrors = answer.error.messages;
      return false;
    }
    const removed = this.result.added_count;
    const rows = [...this.selected];
    this.result = null;
    this.phase = 'review';
    this.notice = `The import was undone: ${formatCount(removed)} ${removed === 1 ? 'transaction was' : 'transactions were'} removed. The rows are shown again as they now stand.`;
    await this.load();
    this.undoneRows = rows;
    return true;
  }

  /** Imports again the rows of the import just undone (the review has read them afresh: they are new again). */
  async redo(): Promise<boolean> {
    const rows = this.undoneRows;
    if (!rows || this.phase !== 'review') return false;
    this.selected = new SvelteSet(rows);
    // The choices follow, so the draft keeps them if the engine asks first (the 409) and Cancel is said.
    const chosen = this.selected;
    const differing = [...this.startChosen].filter((index) => !chosen.has(index)).map((index) => [index, false] as const);
    this.choices = new SvelteMap([...differing, ...rows.filter((index) => !this.startChosen.has(index)).map((index) => [index, true] as const)]);
    return this.importRows();
  }
}
