import { describe, expect, it } from 'vitest';
import { editorKeys, isAddLineKey, isSaveKey } from '../../renderer/lib/keyboard';

/** A key as the window hears it; only what the editors' keys read. */
function key(name: string, held: { ctrl?: boolean; meta?: boolean; shift?: boolean; prevented?: boolean } = {}) {
  const event = {
    key: name,
    ctrlKey: held.ctrl ?? false,
    metaKey: held.meta ?? false,
    shiftKey: held.shift ?? false,
    altKey: false,
    defaultPrevented: held.prevented ?? false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event as unknown as KeyboardEvent & { defaultPrevented: boolean };
}

function editor(mayClose?: boolean) {
  const done: string[] = [];
  const actions = { save: () => done.push('save'), addLine: () => done.push('add line'), close: () => done.push('close'), ...(mayClose === undefined ? {} : { mayClose }) };
  return { done, press: (event: KeyboardEvent) => editorKeys(event, actions) };
}

describe("an editor's keys", () => {
  it('saves on Ctrl+S and ⌘S, whatever the letter case, and not on Shift+Ctrl+S', () => {
    expect(isSaveKey(key('s', { ctrl: true }))).toBe(true);
    expect(isSaveKey(key('S', { meta: true }))).toBe(true);
    expect(isSaveKey(key('S', { ctrl: true, shift: true }))).toBe(false);
    expect(isSaveKey(key('s'))).toBe(false);
    const { done, press } = editor();
    const event = key('s', { ctrl: true });
    expect(press(event)).toBe(true);
    expect(event.defaultPrevented).toBe(true);
    expect(done).toEqual(['save']);
  });

  it('adds a line on Ctrl+Enter only where the editor has lines', () => {
    expect(isAddLineKey(key('Enter', { meta: true }))).toBe(true);
    expect(isAddLineKey(key('Enter'))).toBe(false);
    const withLines = editor();
    withLines.press(key('Enter', { ctrl: true }));
    expect(withLines.done).toEqual(['add line']);
    const done: string[] = [];
    const event = key('Enter', { ctrl: true });
    expect(editorKeys(event, { save: () => done.push('save'), close: () => done.push('close') })).toBe(false);
    expect(event.defaultPrevented).toBe(false);
    expect(done).toEqual([]);
  });

  it('closes on an Escape nothing else took, and not while a question is open over it', () => {
    const open = editor();
    open.press(key('Escape'));
    expect(open.done).toEqual(['close']);
    // A picker closing its list took this Escape first: the editor stays, with what was typed.
    const taken = editor();
    expect(taken.press(key('Escape', { prevented: true }))).toBe(false);
    expect(taken.done).toEqual([]);
    const asking = editor(false);
    const event = key('Escape');
    expect(asking.press(event)).toBe(false);
    expect(event.defaultPrevented).toBe(false);
    expect(asking.done).toEqual([]);
  });

  it('leaves every other key alone', () => {
    const { done, press } = editor();
    for (const other of [key('a'), key('Enter'), key('s'), key('Tab', { ctrl: true })]) expect(press(other)).toBe(false);
    expect(done).toEqual([]);
  });
});
