import type { HmrcTokens } from './client';

/** HMRC no longer accepts the grant (18 months passed, or it was revoked): connect to HMRC again. */
export class HmrcReconnectNeeded extends Error {
  constructor(message = 'HMRC no longer accepts this connection (a grant lasts 18 months and can be revoked): connect to HMRC again.') {
    super(message);
  }
}

/** A bearer token given by a script, a test or --hmrc-token: nothing to refresh, a 401 means connect again. */
export class StaticHmrcTokens implements HmrcTokens {
  constructor(private readonly token: string) {}
  async authorization(): Promise<string> {
    return `Bearer ${this.token}`;
  }
  async afterUnauthorized(): Promise<string> {
    throw new HmrcReconnectNeeded('HMRC refused the token given for it: connect to HMRC again with a new one.');
  }
}
