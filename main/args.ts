/** A small, strict parser for `--name value` and `--flag` options; unknown options are errors. */
export interface OptionSpec {
  values: readonly string[];
  flags: readonly string[];
}

export class UsageError extends Error {}

export function parseOptions(argv: readonly string[], spec: OptionSpec): { values: Record<string, string>; flags: Set<string>; rest: string[] } {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) {
      rest.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (spec.flags.includes(name)) {
      flags.add(name);
    } else if (spec.values.includes(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      values[name] = value;
    } else {
      throw new UsageError(`Unknown option --${name}`);
    }
  }
  return { values, flags, rest };
}
