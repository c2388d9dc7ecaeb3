import type { TokenCipher } from '../sync/connect/cipher';

/**
 * Tokens sealed by the system keychain can only be sealed and opened by Electron's main process
 * (safeStorage is a main-process API), yet the sync and HMRC code that reads them runs in the engine
 * worker and calls TokenCipher synchronously, deep inside its stores. Rather than make every store
 * async, the worker asks main by message and blocks on Atomics.wait until main has written the
 * answer into a SharedArrayBuffer: only the worker waits (main never blocks), it happens a few times
 * per sync round, and the sealed files stay byte-for-byte what the in-process app wrote.
 *
 * Layout of the shared buffer: Int32 state (0 waiting, 1 answered, 2 failed), Int32 byte length,
 * then the answer's bytes (the sealed bytes, or the plain text / error message in UTF-8).
 */
const HEADER_BYTES = 8;
const ANSWER_BYTES = 256 * 1024;
const WAITING = 0;
const ANSWERED = 1;
const FAILED = 2;
/** A keychain that asks the user (macOS) may take a while; longer than this is an error, not a hang. */
export const CIPHER_WAIT_MS = 120_000;

export interface CipherAsk {
  op: 'seal' | 'open';
  input: Uint8Array;
  signal: SharedArrayBuffer;
}

/** The worker's TokenCipher: each call posts an ask and waits for main's answer. */
export function bridgedCipher(kind: string, post: (ask: CipherAsk) => void, waitMs = CIPHER_WAIT_MS): TokenCipher {
  const ask = (op: 'seal' | 'open', input: Uint8Array): Uint8Array => {
    const signal = new SharedArrayBuffer(HEADER_BYTES + ANSWER_BYTES);
    const state = new Int32Array(signal, 0, 2);
    post({ op, input, signal });
    if (Atomics.wait(state, 0, WAITING, waitMs) === 'timed-out') throw new Error('The system keychain did not answer in time');
    const answer = new Uint8Array(signal, HEADER_BYTES, Atomics.load(state, 1)).slice();
    if (Atomics.load(state, 0) === FAILED) throw new Error(new TextDecoder().decode(answer));
    return answer;
  };
  return {
    kind,
    seal: (plain) => ask('seal', new TextEncoder().encode(plain)),
    open: (sealed) => new TextDecoder().decode(ask('open', sealed)),
  };
}

/** Main's side: runs the ask on the real cipher and wakes the waiting worker. */
export function answerCipherAsk(cipher: TokenCipher, ask: CipherAsk): void {
  const state = new Int32Array(ask.signal, 0, 2);
  let bytes: Uint8Array;
  let outcome = ANSWERED;
  try {
    bytes = ask.op === 'seal' ? cipher.seal(new TextDecoder().decode(ask.input)) : new TextEncoder().encode(cipher.open(ask.input));
  } catch (error) {
    outcome = FAILED;
    bytes = new TextEncoder().encode(error instanceof Error ? error.message : String(error));
  }
  if (bytes.byteLength > ANSWER_BYTES) {
    outcome = FAILED;
    bytes = new TextEncoder().encode('The sealed credentials are too large');
  }
  new Uint8Array(ask.signal, HEADER_BYTES, bytes.byteLength).set(bytes);
  Atomics.store(state, 1, bytes.byteLength);
  Atomics.store(state, 0, outcome);
  Atomics.notify(state, 0);
}
