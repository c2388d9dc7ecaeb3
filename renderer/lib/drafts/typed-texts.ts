/**
 * Text a field shows but cannot read (a date typed "31/13/2026") has no value of its own in the
 * editor's state: the field's bound value still holds the last date it could read. The editor's draft
 * keeps such text as typed, by the field's id, beside the state, so a crash or a closed window loses
 * none of it, and a restored draft puts it back in its field, still unreadable, still holding the save.
 * The draft offers itself to the fields under its editor through Svelte's context.
 */
import { getContext, setContext } from 'svelte';

/** What the nearest editor's draft does with a field's unreadable text. */
export interface TypedTextKeeper {
  /** Field `id` shows `text` it cannot read; null: it reads again. */
  typed(id: string, text: string | null): void;
  /**
   * Field `id` is on screen: `show` puts text back in it. A restored draft's text for it is shown at
   * once (or when the draft is applied). Returns the function that says the field went.
   */
  shows(id: string, show: (text: string) => void): () => void;
}

const KEY = Symbol('typed-text-keeper');

/** For EditorDraft as its editor starts: the fields below the editor give it their unreadable text. */
export function offerTypedTextKeeper(keeper: TypedTextKeeper): void {
  setContext(KEY, keeper);
}

/** For a field as it starts: the draft of the editor it is in, if any. */
export function typedTextKeeper(): TypedTextKeeper | undefined {
  return getContext<TypedTextKeeper | undefined>(KEY);
}
