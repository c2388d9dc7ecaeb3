import { readFile } from 'node:fs/promises';
import { parseStatement, type ParseOptions } from './engine/statement-files';

/**
 * `npm run cli -- parse FILE [--date-order dmy|mdy|ymd]`: reads a statement file the way a drop on
 * the window would and prints one JSON object, {"format","accounts","transactions","warnings",
 * "errors"}, with transactions as a count, so a file can be checked from a shell or a script.
 * `argv` is the words after "parse". Exit code 0 parsed, 1 refused or with errors, 2 usage.
 */

const USAGE = 'Usage: npm run cli -- parse FILE [--date-order dmy|mdy|ymd]';

export interface ParseCommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const CONSOLE: ParseCommandIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

export async function parseCommand(argv: string[], io: ParseCommandIo = CONSOLE): Promise<number> {
  const parsed = readArguments(argv);
  if ('usage' in parsed) {
    io.err(parsed.usage ? `${parsed.usage}\n${USAGE}` : USAGE);
    return 2;
  }

  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(parsed.file));
  } catch (error) {
    io.err(`Cannot read ${parsed.file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const result = parseStatement(bytes, { fileName: parsed.file, dateOrder: parsed.dateOrder });
  io.out(
    JSON.stringify({
      format: result.format,
      accounts: result.accounts,
      transactions: result.transactions.length,
      warnings: result.warnings,
      errors: result.errors,
    }),
  );
  return result.errors.length > 0 ? 1 : 0;
}

type Arguments = { file: string; dateOrder?: ParseOptions['dateOrder'] } | { usage: string | null };

function readArguments(argv: string[]): Arguments {
  let file: string | undefined;
  let dateOrder: ParseOptions['dateOrder'];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--help' || word === '-h') return { usage: null };
    if (word === '--date-order' || word.startsWith('--date-order=')) {
      const value = word.includes('=') ? word.slice(word.indexOf('=') + 1) : argv[++i];
      if (value !== 'dmy' && value !== 'mdy' && value !== 'ymd') return { usage: '--date-order must be dmy, mdy or ymd' };
      dateOrder = value;
    } else if (word.startsWith('--')) {
      return { usage: `Unknown option ${word}` };
    } else if (file === undefined) {
      file = word;
    } else {
      return { usage: 'Give one file' };
    }
  }
  return file === undefined ? { usage: null } : { file, dateOrder };
}
