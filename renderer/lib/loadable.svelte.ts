import type { ApiError, ApiResult } from './api';
import { onBookChange } from './book-changes.svelte';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ApiError };

/**
 * Reactive state for one API read: loading, ready or failed. A reload keeps showing the previous
 * value while the new one arrives, and an answer that arrives after a newer request was sent is
 * ignored so a slow reply cannot overwrite a fresh one. `watch` names the resources whose changes
 * in the book (lib/book-changes) read it again in place; it needs a component's setup to live in.
 */
export function loadable<T>(load: () => Promise<ApiResult<T>>, options: { watch?: readonly string[] } = {}) {
  let state = $state<LoadState<T>>({ status: 'loading' });
  let refreshing = $state(false);
  let latest = 0;

  async function reload(): Promise<void> {
    const request = ++latest;
    refreshing = true;
    const result = await load();
    if (request !== latest) return;
    refreshing = false;
    state = result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error };
  }

  void reload();
  if (options.watch) onBookChange(options.watch, () => void reload());
  return {
    get state() {
      return state;
    },
    /** True while any request is under way, including a reload over a value already shown. */
    get busy() {
      return refreshing;
    },
    reload,
  };
}
