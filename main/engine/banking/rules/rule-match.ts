import { toMinor } from '../../../../shared/money';
import { checkPattern } from './pattern-safety';
import type { RuleRow, StoredCondition } from './rule-types';

/** What a rule looks at on a bank line. */
export interface RuleLine {
  bankAccountId: number;
  description: string;
  /** Signed, in the account's currency: money out is negative. */
  amountMinor: number;
  currency: string;
}

/**
 * What a rule is tried on for a line that may be part explained: its text, and the part of its amount
 * not explained yet, as the suggestions try it (a rule explains what is left). The rule preview reads
 * its lines through here, so it never promises a line that the saved rule would then not decide.
 */
export function ruleLineOf(line: { bankAccountId: number; description: string; remainingMinor: number; currency: string }): RuleLine {
  return { bankAccountId: line.bankAccountId, description: line.description, amountMinor: line.remainingMinor, currency: line.currency };
}

/**
 * The order rules are tried in: lowest priority first, then the older (lower id). rulesInOrder reads
 * them in this order (ORDER BY priority, id); a rule not saved yet will get an id above all others.
 */
export function triedBefore(rule: Pick<RuleRow, 'priority' | 'id'>, other: Pick<RuleRow, 'priority' | 'id'>): boolean {
  return rule.priority < other.priority || (rule.priority === other.priority && rule.id < other.id);
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
      // Checked as at save (pattern-safety.ts). A pattern the check refuses, kept from before it or
      // written by another tool, is never run: one slow pattern tried on every line would hang every
      // register read and import of the book. The condition holds for no line, so the rule decides
      // nothing (rather than guessing what it meant: a rule's word is taken as certain, and may
      // explain lines unseen); the rule editor's preview shows why when the rule is opened.
      const checked = checkPattern(condition.value);
      if (!checked.ok) return () => false;
      const pattern = checked.regExp;
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

/**
 * Each rule as one test of all its conditions, compiled once per list of rules read. A rule whose
 * stored JSON cannot be read catches nothing, and a rule that transfers to an account never decides a
 * line of that same account (an explanation refuses a transfer to its own account, so the line would
 * be left with a suggestion nobody can accept): the next rule, or the history, decides it instead.
 */
export function compileRules(rules: RuleRow[]): CompiledRule[] {
  const known = compiledCache.get(rules);
  if (known) return known;
  const compiled = rules.map((rule) => {
    if (rule.unreadable !== undefined) return { rule, matches: () => false };
    const tests = rule.conditions.map(conditionTest);
    const transferTo = rule.actions.transfer_bank_account;
    return { rule, matches: (line: RuleLine) => line.bankAccountId !== transferTo && tests.every((test) => test(line)) };
  });
  compiledCache.set(rules, compiled);
  return compiled;
}

/** The rule that decides a line: the first (lowest priority) whose conditions all hold. */
export function firstMatchingRule(rules: readonly CompiledRule[], line: RuleLine): RuleRow | null {
  for (const compiled of rules) if (compiled.matches(line)) return compiled.rule;
  return null;
}
