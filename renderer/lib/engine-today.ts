/**
 * Today as the engine's clock has it (UTC, or LEDGERDESK_NOW's day), which may not be the window's:
 * the day a new invoice, bill, expense, estimate, credit note or journal starts on. The desk knows it
 * as the end of the engine's default report period (as Overview and Reports read it); it is asked
 * once, and later days are counted on from it by the window's clock, so a desk left open over
 * midnight moves on with it.
 */
import { getProfitAndLoss } from './api/reports';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let known: { engineDay: string; askedAt: number } | null = null;
let asking: Promise<void> | null = null;

/** The engine's today, or null when it cannot be read (the field is then left empty, as before). */
export async function engineToday(): Promise<string | null> {
  if (!known) {
    asking ??= getProfitAndLoss().then((result) => {
      asking = null;
      if (result.ok) known = { engineDay: result.value.to, askedAt: Date.now() };
    });
    await asking;
  }
  if (!known) return null;
  // Whole days the window's clock has moved on since the engine was asked.
  const days = Math.round((Date.parse(`${utcDay(Date.now())}T00:00:00Z`) - Date.parse(`${utcDay(known.askedAt)}T00:00:00Z`)) / DAY_MS);
  return utcDay(Date.parse(`${known.engineDay}T00:00:00Z`) + days * DAY_MS);
}

/**
 * A new record's date starts on the engine's today once it is known: only while the field is still
 * empty and not being typed in (the first editor after start waits for the answer), and through
 * `startWith` of its draft, so the day it starts on is not counted as a change of the person's.
 */
export function startOnToday(options: {
  isEmpty: () => boolean;
  set: (day: string) => void;
  fieldId: string;
  draft: { startWith: (change: () => void) => void };
}): void {
  void engineToday().then((today) => {
    if (!today || !options.isEmpty()) return;
    const field = document.getElementById(options.fieldId);
    if (field && field === document.activeElement && field instanceof HTMLInputElement && field.value !== '') return;
    options.draft.startWith(() => options.set(today));
  });
}
