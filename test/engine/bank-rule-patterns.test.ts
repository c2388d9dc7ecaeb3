import { describe, expect, it } from 'vitest';
import { bankAccount } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, createRule, lineNamed, uploadLines } from './suggest-helpers';

/**
 * A rule's `matches` pattern is tried on every line each time the register is read or a statement
 * imported. JavaScript's regular expressions backtrack, so some patterns take seconds, then years,
 * as a line grows: `^(\w+\s?)+$` took 3.3 s on a 28-character card reference. Those are refused when
 * the rule is saved, and one already in a book is never run.
 */

/** A card reference with no space or end where the pattern wants one: the worst case for nested repeats. */
const CARD_REFERENCE = 'AMAZONMKTPLACEPMTS2K4JH7AMAZONCOUKPAYMENTSGB2026*';

async function book(): Promise<{ t: TestBook; current: string }> {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current' });
  await uploadLines(t, current, [
    { dated_on: '2026-10-01', amount: '-12.50', description: 'TFL TRAVEL CHARGE TFL.GOV.UK/CP' },
    { dated_on: '2026-10-02', amount: '-9.99', description: 'AMZN MKTP UK 2K4JH7' },
    { dated_on: '2026-10-03', amount: '-45.00', description: 'DD HMRC VAT 123456789' },
    { dated_on: '2026-10-04', amount: '-20.00', description: 'CARD 4417 PRET A MANGER' },
    { dated_on: '2026-10-05', amount: '-6.40', description: 'POS COSTA COFFEE LONDON' },
    { dated_on: '2026-10-06', amount: '-30.00', description: CARD_REFERENCE },
  ]);
  return { t, current };
}

const matching = (value: string) => ({ name: 'Pattern', conditions: [{ field: 'description', operator: 'matches', value }], actions: { category: '285' } });

describe('bank rule patterns', () => {
  it('refuses a pattern that could take too long, with a sentence, and saves nothing', async () => {
    const { t } = await book();
    const refused: [string, RegExp][] = [
      ['^(\\w+\\s?)+$', /repeats a part that itself repeats or is optional \(\(\\w\+\\s\?\)\+\), which could take too long to check on some bank lines/],
      ['(a+)+b', /repeats a part that itself repeats/],
      ['(\\d{1,2})*X', /repeats a part that itself repeats/],
      ['(AMAZON|AMAZON MKTP)+', /repeats a choice whose options can match the same text \(\(AMAZON\|AMAZON MKTP\)\)/],
      ['(TFL)\\s\\1', /refers back to an earlier group \(\\1\)/],
      ['A.*B.*C', /has open-ended parts in a row .* split it into two conditions/],
    ];
    for (const [value, message] of refused) {
      const answer = await createRule(t, matching(value));
      expect(answer.status, value).toBe(422);
      expect(answer.body.errors[0].message, value).toMatch(/^conditions\[0\]\.value /);
      expect(answer.body.errors[0].message, value).toMatch(message);
    }
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules).toEqual([]);
    // An edit to such a pattern is refused too, and the rule is left as it was.
    const saved = await createRule(t, matching('^TFL\\b'));
    const path = new URL(saved.body.bank_rule.url).pathname;
    const edit = await t.json('PUT', path, { body: { bank_rule: { conditions: [{ field: 'description', operator: 'matches', value: '(\\w+\\s?)+$' }] } } });
    expect(edit.status).toBe(422);
    expect((await t.json('GET', path)).body.bank_rule.conditions[0].value).toBe('^TFL\\b');
    // The preview says the same while the pattern is typed.
    const preview = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: { conditions: [{ field: 'description', operator: 'matches', value: '(\\w+\\s?)+$' }] } } });
    expect(preview.status).toBe(422);
    expect(preview.body.errors[0].message).toMatch(/could take too long/);
  });

  it('keeps the patterns people write for bank lines, and they catch their lines', async () => {
    const { t } = await book();
    const kept: [string, string[]][] = [
      ['^TFL\\b', ['TFL TRAVEL CHARGE TFL.GOV.UK/CP']],
      ['AMAZON|AMZN', ['AMZN MKTP UK 2K4JH7', CARD_REFERENCE]],
      ['CARD \\d{4}', ['CARD 4417 PRET A MANGER']],
      ['(DD|SO) HMRC', ['DD HMRC VAT 123456789']],
      ['^POS .* LONDON$', ['POS COSTA COFFEE LONDON']],
      ['.*TFL.*TRAVEL.*', ['TFL TRAVEL CHARGE TFL.GOV.UK/CP']],
      ['^(?!.*TFL).*\\bUK\\b', ['AMZN MKTP UK 2K4JH7']],
      ['HMRC\\s+VAT\\s+\\d+', ['DD HMRC VAT 123456789']],
      ['^[A-Z]+( [A-Z]+)*$', ['POS COSTA COFFEE LONDON']],
      ['PRET\\s?A\\s?MANGER', ['CARD 4417 PRET A MANGER']],
    ];
    for (const [value, caught] of kept) {
      const preview = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: { conditions: [{ field: 'description', operator: 'matches', value }] } } });
      expect(preview.status, value).toBe(200);
      expect(preview.body.bank_rule_preview.bank_transactions.map((line: any) => line.description).sort(), value).toEqual([...caught].sort());
      expect((await createRule(t, matching(value))).status, value).toBe(201);
    }
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules).toHaveLength(kept.length);
  });

  it('never runs a backtracking pattern a book already holds: reads and imports answer, the rule decides nothing', async () => {
    const { t, current } = await book();
    const coffee = await createRule(t, { name: 'Coffee', conditions: [{ field: 'description', operator: 'contains', value: 'costa' }], actions: { category: '285' }, priority: 5 });
    expect(coffee.status).toBe(201);
    // As an older book (or another tool) may hold it, tried first, so every line meets it.
    const slow = storeRule(t, 'Old words rule', '^(\\w+\\s?)+$');

    // The register answers, each line with its suggestion; the old rule decides none of them.
    const lines = await allLines(t, current);
    expect(lines).toHaveLength(6);
    expect(lines.flatMap((line) => line.suggested_explanation?.rule ?? [])).toEqual([coffee.body.bank_rule.url]);

    // An import runs every auto-explain rule: it answers, and the old rule explains nothing.
    await uploadLines(t, current, [{ dated_on: '2026-10-07', amount: '-8.00', description: `${CARD_REFERENCE}X` }]);
    expect((await lineNamed(t, current, `${CARD_REFERENCE}X`)).unexplained_amount).toBe('-8.0');

    // Another rule's preview tries it as an earlier rule, and answers too.
    const other = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: { conditions: [{ field: 'description', operator: 'contains', value: 'amazon' }], priority: 9 } } });
    expect(other.body.bank_rule_preview).toMatchObject({ count: 2, decided_by_other_rules: 0 });

    // The rules list still shows it, and opening it in the editor (its preview) says what is wrong.
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules.map((rule: any) => rule.name)).toEqual(['Old words rule', 'Coffee']);
    const opened = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: { conditions: [{ field: 'description', operator: 'matches', value: '^(\\w+\\s?)+$' }], bank_rule: `/v2/bank_rules/${slow}` } } });
    expect(opened.status).toBe(422);
    expect(opened.body.errors[0].message).toMatch(/repeats a part that itself repeats/);
  });

  it('reads a book holding a pattern that does not compile', async () => {
    const { t, current } = await book();
    storeRule(t, 'Broken rule', '(unclosed');
    const lines = await allLines(t, current);
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.suggested_explanation === null)).toBe(true);
  });
});

/** A rule written straight into the table, unchecked, tried before any other; returns its id. */
function storeRule(t: TestBook, name: string, pattern: string): number {
  const conditions = JSON.stringify([{ field: 'description', operator: 'matches', value: pattern }]);
  const stored = t.book.sqlite
    .prepare(`INSERT INTO bank_rules (name, conditions, actions, priority, auto_explain, created_at, updated_at) VALUES (?, ?, '{"category":"285"}', 0, 1, ?, ?)`)
    .run(name, conditions, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
  return Number(stored.lastInsertRowid);
}
