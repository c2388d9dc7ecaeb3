import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './args';

/**
 * A token a person gives `serve` (or `token --revoke`) by hand. Never on the command line: argv shows
 * in `ps` to every user of the machine and in npm's own log file. It comes from a file
 * (--token-file, first line) or from the LEDGERDESK_TOKEN environment variable.
 */
export const TOKEN_ENVIRONMENT_VARIABLE = 'LEDGERDESK_TOKEN';

/** Shorter than this, a token can be guessed; generated ones are 32 random bytes (43 characters). */
export const MINIMUM_GIVEN_TOKEN_LENGTH = 16;

export function givenToken(values: Record<string, string>, env: NodeJS.ProcessEnv, readFile = (path: string) => readFileSync(path, 'utf8')): string | undefined {
  if (values.token !== undefined) {
    throw new UsageError(`--token on the command line shows in ps and in logs: put the token in a file and pass --token-file FILE, or set ${TOKEN_ENVIRONMENT_VARIABLE}`);
  }
  const fromEnvironment = env[TOKEN_ENVIRONMENT_VARIABLE];
  if (values['token-file'] !== undefined && fromEnvironment !== undefined) {
    throw new UsageError(`Give the token one way: --token-file or ${TOKEN_ENVIRONMENT_VARIABLE}, not both`);
  }
  let token: string | undefined;
  if (values['token-file'] !== undefined) {
    const path = resolve(values['token-file']);
    let text: string;
    try {
      text = readFile(path);
    } catch {
      throw new UsageError(`Cannot read the token file ${path}`);
    }
    token = text.split(/\r?\n/, 1)[0]!.trim();
  } else if (fromEnvironment !== undefined) {
    token = fromEnvironment.trim();
  }
  if (token === undefined) return undefined;
  if (/\s/.test(token) || token.length < MINIMUM_GIVEN_TOKEN_LENGTH) {
    throw new UsageError(`A token given by hand must be at least ${MINIMUM_GIVEN_TOKEN_LENGTH} characters with no spaces; leave it out and serve prints a random one`);
  }
  return token;
}
