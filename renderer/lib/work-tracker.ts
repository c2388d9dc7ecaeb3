import type { WorkProgress } from '../../shared/api/work_progress';

/**
 * How far the engine has got with long work (a big statement checked and written, a backup, a
 * restore), for the bar the window shows. The engine runs in its own worker, so while one request is
 * long under way another, GET /v2/work_progress, is answered beside it (by the reader); it is asked
 * only while a request has been waiting longer than a moment, and a few times a second.
 */

/** A request answered sooner than this never shows a bar: quick answers do not flash one. */
const SHOW_AFTER_MS = 400;
const POLL_EVERY_MS = 250;

let pending = 0;
/** Who shows the progress (work-progress.svelte.ts, the bar's state): kept apart so this file needs no Svelte. */
let show: (progress: WorkProgress | null) => void = () => {};
let timer: ReturnType<typeof setTimeout> | null = null;
let read: (() => Promise<WorkProgress | null>) | null = null;

/** The bar's state listens here (one listener: the window has one bar state). */
export function onWorkProgress(listener: (progress: WorkProgress | null) => void): void {
  show = listener;
}

/** api.ts says how to ask the engine (it is the only reader of the bridge). */
export function registerWorkReader(reader: () => Promise<WorkProgress | null>): void {
  read = reader;
}

async function poll(): Promise<void> {
  timer = null;
  if (pending === 0 || !read) return;
  const progress = await read().catch(() => null);
  // The work may have ended while the engine answered: then the bar stays gone.
  if (pending === 0) return;
  show(progress);
  timer = setTimeout(() => void poll(), POLL_EVERY_MS);
}

/** Counts `request` as waiting on the engine until it settles; the bar is read meanwhile. */
export async function tracked<T>(request: Promise<T>): Promise<T> {
  pending += 1;
  if (pending === 1 && timer === null) timer = setTimeout(() => void poll(), SHOW_AFTER_MS);
  try {
    return await request;
  } finally {
    pending -= 1;
    if (pending === 0) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      show(null);
    }
  }
}
