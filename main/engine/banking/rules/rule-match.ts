import { toMinor } from '../../../../shared/money';
import type { RuleRow, StoredCondition } from './rule-types';

/** What a rule looks at on a bank line. */
export interface RuleLine {
  bankAccountId: number;
  description: string;
  /** Signed, in the account's currency: money out is negative. */
  amountMinor: number;
  currency: string;
}

type Test = (line: RuleLine) => boolean;

/** An amount in the line's own currency, or null when it cannot be one (too many decimals for yen). */
function minorIn(value: string, currency: string): number | null {
  try {
    return toMinor(value, currency);
  } catch {
    return null;
  }
}

/** Descriptions compare without regard to case or runs of spaces, as banks print them unevenly. */
const folded = (text: string) => text.toUpperCase().replace(/\s+/g, ' ').trim();

function conditionTest(condition: StoredCondition): Test {
  switch (condition.field) {
    case 'description': {
      const wanted = folded(condition.value);
      if (condition.operator === 'contains') return (line) => folded(line.description).includes(wanted);
      if (condition.operator === 'equals') return (line) => folded(line.description) === wanted;
      if (condition.operator === 'starts_with') return (line) => folded(line.description).startsWith(wanted);
      const pattern = new RegExp(condition.value, 'i');
      return (line) => pattern.test(line.description);
    }
    case 'amount': {
      if (condition.operator === 'equals') {
        const value = condition.value;
        return (line) => minorIn(value, line.currency) === line.amountMinor;
      }
      const [low, high] = condition.value;
      return (line) => {
        const from = minorIn(low, line.currency);
        const to = minorIn(high, line.currency);
        return from !== null && to !== null && line.amountMinor >= from && line.amountMinor <= to;
      };
    }
    case 'bank_account': {
      const id = condition.value;
      return (line) => line.bankAccountId === id;
    }
  }
}

export interface CompiledRule {
  rule: RuleRow;
  matches: Test;
}

const compiledCache = new WeakMap<RuleRow[], CompiledRule[]>();

/** Each rule as one test of all its conditions, compiled once per list of rules read. */
export function compileRules(rules: RuleRow[]): CompiledRule[] {
  const known = compiledCache.get(rules);
  if (known) return known;
  const compiled = rules.map((rule) => {
    const tests = rule.conditions.map(conditionTest);
    return { rule, matches: (line: RuleLine) => tests.every((test) => test(line)) };
  });
  compiledCache.set(rules, compiled);
  return compiled;
}

/** The rule that decides a line: the first (lowest priority) whose conditions all hold. */
export function firstMatchingRule(rules: readonly CompiledRule[], line: RuleLine): RuleRow | null {
  for (const compiled of rules) if (compiled.matches(line)) return compiled.rule;
  return null;
}
