import { resolve } from 'node:path';
import { parseOptions, UsageError } from './args';
import { givenRemoteToken, REMOTE_TOKEN_ENVIRONMENT_VARIABLE } from './given-token';
import type { Clock } from './engine/context';
import { openEngine } from './engine/open';
import type { BookOptions } from './engine/setup';
import { LinkPlanNeeded, StaticTokenSource, SyncService } from './sync';

export const SYNC_USAGE = `  npm run cli -- sync --db FILE --remote URL --remote-token-file FILE [--pull-only | --push-only] [--accept-plan]
  (sync also takes the remote's token from LEDGERDESK_REMOTE_TOKEN; never from the command line)`;

/**
 * One sync round of a book with a remote /v2 server, by a plain bearer token (scripts, tests, another
 * Ledgerdesk's serve). Prints {"pulled","pushed","conflicts","refused","requests","agree","differences","checkRequests"}: whether both books compute the
 * same figures after the round (agreement.ts), how many differ, and the requests that check sent. A first link of a
 * book and a remote that both hold records prints the plan instead and exits 3, unless --accept-plan.
 */
export async function syncCommand(argv: string[], clock: Clock, newBook: (values: Record<string, string>, flags: Set<string>) => BookOptions, bookValues: readonly string[], bookFlags: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, flags } = parseOptions(argv, { values: ['db', 'remote', 'remote-token', 'remote-token-file', ...bookValues], flags: ['pull-only', 'push-only', 'accept-plan', ...bookFlags] });
  for (const name of ['db', 'remote']) if (!values[name]) throw new UsageError(`--${name} is required`);
  const remoteToken = givenRemoteToken(values, env);
  if (remoteToken === undefined) throw new UsageError(`The remote's token is required: --remote-token-file FILE, or ${REMOTE_TOKEN_ENVIRONMENT_VARIABLE}`);
  if (flags.has('pull-only') && flags.has('push-only')) throw new UsageError('--pull-only and --push-only cannot both be given');
  const file = resolve(values.db!);
  // A new book may be made to adopt the remote; its type must then be the remote company's.
  const opened = openEngine({ file, clock, create: newBook(values, flags), });
  try {
    const service = new SyncService({ engine: opened.engine, deps: opened.deps, remote: { baseUrl: values.remote!, tokens: new StaticTokenSource(remoteToken) } });
    const direction = flags.has('pull-only') ? 'pull' : flags.has('push-only') ? 'push' : 'both';
    try {
      const result = await service.runOnce({ direction });
      console.log(JSON.stringify(result));
      return 0;
    } catch (error) {
      if (!(error instanceof LinkPlanNeeded)) throw error;
      if (!flags.has('accept-plan')) {
        console.log(JSON.stringify({ plan: error.plan }));
        console.error(`${error.message}: check the plan above, then run again with --accept-plan`);
        return 3;
      }
      await service.applyLink(await service.planLink());
      console.log(JSON.stringify(await service.runOnce({ direction })));
      return 0;
    }
  } finally {
    opened.close();
  }
}
