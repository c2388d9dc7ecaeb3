/**
 * The engine's 422 sentences start with the field they concern ("sort_code must be a 6-digit sort
 * code or 9-digit routing number", "name can't be blank"). Sorting them by that leading name lets a
 * form show each one beside its field, worded with the field's label instead of its API name.
 */
export interface SortedErrors<Field extends string> {
  byField: Partial<Record<Field, string[]>>;
  /** Sentences that name no field of the form. */
  general: string[];
}

function asSentence(text: string): string {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** The field a message starts with; the longest name wins so "secondary_sort_code" is not read as "sort_code". */
function leadingField<Field extends string>(message: string, fields: readonly Field[]): Field | null {
  let best: Field | null = null;
  for (const field of fields) {
    const follows = message.charAt(field.length);
    if (message.startsWith(field) && (follows === '' || !/\w/.test(follows)) && field.length > (best?.length ?? 0)) best = field;
  }
  return best;
}

/**
 * The engine's refusal of anything dated in the period the lock date closes. A filed VAT return's
 * refusal ("The VAT return for the period ending ... would move its box ...") is about the figures, not
 * the date, and stays with the form's general errors.
 */
const LOCKED_BOOKS = /^The books are locked up to /;

export interface SortOptions<Field extends string> {
  /** The record's own date field: a refusal because the books are locked there is about that date. */
  lockedDateField?: Field;
}

export function sortErrors<Field extends string>(
  messages: readonly string[],
  labels: Readonly<Record<Field, string>>,
  options: SortOptions<Field> = {},
): SortedErrors<Field> {
  const fields = Object.keys(labels) as Field[];
  const sorted: SortedErrors<Field> = { byField: {}, general: [] };
  for (const message of messages) {
    if (options.lockedDateField && LOCKED_BOOKS.test(message)) {
      (sorted.byField[options.lockedDateField] ??= []).push(asSentence(message));
      continue;
    }
    const field = leadingField(message, fields);
    if (field === null) {
      sorted.general.push(asSentence(message));
      continue;
    }
    (sorted.byField[field] ??= []).push(asSentence(`${labels[field]}${message.slice(field.length)}`));
  }
  return sorted;
}

/**
 * The engine's account-lock refusal ("The books are locked up to ...") names no field, but it is
 * about the record's date: a form shows it there. Returns the lock sentences apart from the rest.
 */
export function splitLockErrors(messages: readonly string[]): { lock: string[]; rest: string[] } {
  const isLock = (message: string) => /^The books are locked/.test(message);
  return { lock: messages.filter(isLock), rest: messages.filter((message) => !isLock(message)) };
}
