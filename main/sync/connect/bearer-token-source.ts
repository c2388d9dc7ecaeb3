import type { TokenSource } from '../tokens';
import { ReconnectNeededError } from './token-endpoint';

/** What sync requests ask for their Authorization header: the core's TokenSource. */
export type AuthorizationSource = TokenSource;

/** A plain bearer token for a /v2 server: nothing to refresh, so a 401 means connect again. */
export class BearerTokenSource implements AuthorizationSource {
  constructor(private readonly token: string) {}
  async authorization(): Promise<string> {
    return `Bearer ${this.token}`;
  }
  async afterUnauthorized(): Promise<string> {
    throw new ReconnectNeededError('The server no longer accepts the token; connect again with a new one in Settings › Sync.');
  }
}
