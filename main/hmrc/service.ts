import type { DeviceFacts, HmrcStatusRecord } from '../../shared/api/hmrc';
import type { BookCaller } from './book';
import { HmrcClient, type HmrcTokens } from './client';
import type { ConnectionStore } from './connection';
import { fraudHeaders } from './fraud-headers';
import { machineFacts } from './machine-facts';
import { bookVrn } from './obligations';
import { HmrcReconnectNeeded } from './tokens';

export class NotConnectedError extends Error {
  constructor() {
    super('This book is not connected to HMRC: connect to HMRC first.');
  }
}

export interface HmrcServiceOptions {
  store: ConnectionStore;
  userData: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * One book's link to HMRC for the window's door: the saved connection, and a client per request with
 * the fraud prevention headers of the machine and of the window that asked. When HMRC refuses the
 * token the connection is marked so the window shows "connect again".
 */
export class HmrcService {
  constructor(private readonly options: HmrcServiceOptions) {}

  status(vrn?: string): HmrcStatusRecord {
    const connection = this.options.store.read();
    if (!connection) return { connected: false, vrn };
    return { connected: true, mode: connection.mode, base_url: connection.baseUrl, vrn, reconnect_needed: connection.reconnectNeeded === true };
  }

  connectWithToken(baseUrl: string, token: string): void {
    this.options.store.write({ mode: 'token', baseUrl: baseUrl.replace(/\/+$/, ''), accessToken: token });
  }

  disconnect(): void {
    this.options.store.remove();
  }

  private tokens(): HmrcTokens {
    const { store } = this.options;
    const connection = store.read();
    if (!connection) throw new NotConnectedError();
    return {
      authorization: async () => `Bearer ${connection.accessToken}`,
      afterUnauthorized: async () => {
        store.write({ ...connection, reconnectNeeded: true });
        throw new HmrcReconnectNeeded();
      },
    };
  }

  async client(book: BookCaller, device?: DeviceFacts): Promise<HmrcClient> {
    const connection = this.options.store.read();
    if (!connection) throw new NotConnectedError();
    if (connection.reconnectNeeded) throw new HmrcReconnectNeeded();
    return new HmrcClient({
      baseUrl: connection.baseUrl,
      vrn: await bookVrn(book),
      tokens: this.tokens(),
      fraudHeaders: () => fraudHeaders(machineFacts({ userData: this.options.userData }, device)),
      fetch: this.options.fetch,
      sleep: this.options.sleep,
    });
  }
}
