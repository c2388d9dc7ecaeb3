import { bankAccounts } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { compileRules, firstMatchingRule, ruleLineOf } from '../rules/rule-match';
import { rulesInOrder } from '../rules/rule-store';
import { ruleTreatment } from '../rules/rule-treatment';
import type { RuleRow } from '../rules/rule-types';
import type { Guess, GuessLine } from './guess';
import { historyGuess, historyIndex } from './history';
import { documentGuess, openDocumentIndex } from './open-documents';
import { transferGuesser, type AccountCurrency } from './transfers';

/**
 * A rule's proposal: what its actions say, with its whole VAT treatment. A rule is the person's own word,
 * so it is certain. Only what the explanation accepting it keeps: a project with a category, no contact.
 */
export function ruleGuess(rule: RuleRow): Guess {
  const { actions } = rule;
  return {
    source: 'rule',
    confidence: 1,
    ruleId: rule.id,
    categoryCode: actions.category,
    ...ruleTreatment(actions),
    description: actions.description,
    projectId: actions.category !== undefined ? actions.project : undefined,
    transferAccountId: actions.transfer_bank_account,
    markForReview: actions.mark_for_review,
  };
}

/**
 * Makes guesses for many lines with what they share read once: the rules, the history, the open
 * invoices and bills (each kept until the book changes), and the accounts' currencies.
 */
export function guesser(ctx: EngineContext): (line: GuessLine) => Guess | null {
  const rules = compileRules(rulesInOrder(ctx));
  const history = historyIndex(ctx);
  const documents = openDocumentIndex(ctx);
  const accounts: AccountCurrency[] = ctx.db.select({ id: bankAccounts.id, currency: bankAccounts.currency }).from(bankAccounts).all();
  const transferGuess = transferGuesser(ctx, accounts);
  return (line) => {
    if (line.remainingMinor === 0) return null;
    // A rule that catches the line decides it, whatever the history says.
    const rule = firstMatchingRule(rules, ruleLineOf(line));
    if (rule) return ruleGuess(rule);
    let best: Guess | null = null;
    for (const guess of [documentGuess(documents, line), historyGuess(history, line), transferGuess?.(line) ?? null]) {
      if (guess && (!best || guess.confidence > best.confidence)) best = guess;
    }
    return best;
  };
}
