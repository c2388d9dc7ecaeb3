/** The remote refused the request for a reason that resending will not change (4xx other than 401/429). */
export class RemoteRefusal extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** The url refused, when the client knows it (for the round's sentence, failure-words.ts). */
    readonly url: string | null = null,
  ) {
    super(messages.join('; ') || `The remote answered ${status}`);
    this.name = 'RemoteRefusal';
  }
}

/**
 * A write whose answer was lost (timeout, reset, 5xx): it may or may not have been made. The caller
 * looks the record up by its correlation key before sending it again.
 */
export class UncertainWrite extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncertainWrite';
  }
}

/** The remote could not be reached or kept failing after every retry: the round stops, state is kept. */
export class RemoteUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteUnavailable';
  }
}

/** A 2xx whose body is not the JSON the API promises (HTML from a proxy, garbage, cut short). */
export class BadRemoteAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRemoteAnswer';
  }
}

/** The sync was asked to stop (app closing, user, a test's simulated kill). */
export class SyncAborted extends Error {
  constructor() {
    super('The sync was stopped');
    this.name = 'SyncAborted';
  }
}

/** The messages of an API error body, or the text itself when it is not one. */
export function errorMessages(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { errors?: { message?: unknown }[] | { message?: unknown } };
    const list = Array.isArray(parsed.errors) ? parsed.errors : parsed.errors ? [parsed.errors] : [];
    const messages = list.map((entry) => String(entry.message ?? '')).filter(Boolean);
    if (messages.length > 0) return messages;
  } catch {
    // Not JSON: a plain-text 429 or an HTML error page.
  }
  const trimmed = text.trim().slice(0, 300);
  return trimmed ? [trimmed] : [];
}
