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

/** Where a token comes from: the argv option refused, the file option and the environment variable read. */
interface TokenSource {
  option: string;
  fileOption: string;
  environment: string;
  /** Ours to judge (serve's own tokens must not be guessable); a remote's token is the remote's. */
  minimumLength: number;
  leaveOut: string;
}

const SERVE_TOKEN: TokenSource = { option: 'token', fileOption: 'token-file', environment: TOKEN_ENVIRONMENT_VARIABLE, minimumLength: MINIMUM_GIVEN_TOKEN_LENGTH, leaveOut: '; leave it out and serve prints a random one' };

/** The remote's bearer token for `cli sync`: by file or environment too, never argv. */
export const REMOTE_TOKEN_ENVIRONMENT_VARIABLE = 'LEDGERDESK_REMOTE_TOKEN';
const REMOTE_TOKEN: TokenSource = { option: 'remote-token', fileOption: 'remote-token-file', environment: REMOTE_TOKEN_ENVIRONMENT_VARIABLE, minimumLength: 1, leaveOut: '' };

type ReadFile = (path: string) => string;
const readText: ReadFile = (path) => readFileSync(path, 'utf8');

export function givenToken(values: Record<string, string>, env: NodeJS.ProcessEnv, readFile: ReadFile = readText): string | undefined {
  return tokenFrom(SERVE_TOKEN, values, env, readFile);
}

export function givenRemoteToken(values: Record<string, string>, env: NodeJS.ProcessEnv, readFile: ReadFile = readText): string | undefined {
  return tokenFrom(REMOTE_TOKEN, values, env, readFile);
}

function tokenFrom(source: TokenSource, values: Record<string, string>, env: NodeJS.ProcessEnv, readFile: ReadFile): string | undefined {
  if (values[source.option] !== undefined) {
    throw new UsageError(`--${source.option} on the command line shows in ps and in logs: put the token in a file and pass --${source.fileOption} FILE, or set ${source.environment}`);
  }
  const fromEnvironment = env[source.environment];
  if (values[source.fileOption] !== undefined && fromEnvironment !== undefined) {
    throw new UsageError(`Give the token one way: --${source.fileOption} or ${source.environment}, not both`);
  }
  let token: string | undefined;
  if (values[source.fileOption] !== undefined) {
    const path = resolve(values[source.fileOption]!);
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
  if (/\s/.test(token) || token.length < source.minimumLength) {
    throw new UsageError(source.minimumLength > 1 ? `A token given by hand must be at least ${source.minimumLength} characters with no spaces${source.leaveOut}` : 'The token is empty or has spaces in it');
  }
  return token;
}
