import { describe, expect, it } from 'vitest';
import { checkPattern } from '../../main/engine/banking/rules/pattern-safety';

/**
 * The check behind a rule's `matches` condition (pattern-safety.ts): which patterns may be tried on
 * every bank line. The engine tests (bank-rule-patterns) show the API's side; these the reading of the
 * pattern syntax, where a mistake would let a slow pattern through or refuse a plain one.
 */

const problem = (pattern: string) => {
  const checked = checkPattern(pattern);
  return checked.ok ? null : checked.problem;
};

const LINES = [
  'CARD PAYMENT TO TESCO STORES 3297 ON 01/10',
  'TFL TRAVEL CHARGE TFL.GOV.UK/CP',
  'AMZN MKTP UK*2K4JH7 AMAZON.CO.UK',
  'DD HMRC VAT 123456789',
  'POS COSTA COFFEE LONDON',
  'so rent october',
  'FPI ACME TRADING REF INV-0042',
  'Café Nero – Zürich   ',
  '',
  'a{b}u{4}\u0000\\c',
  'uuuu',
];

describe('rule pattern safety', () => {
  it('refuses patterns whose cost can grow without bound, saying which part', () => {
    const refused: [string, RegExp][] = [
      ['^(\\w+\\s?)+$', /repeats a part that itself repeats or is optional \(\(\\w\+\\s\?\)\+\)/],
      ['(a*)*', /repeats a part that itself repeats/],
      ['(a?a)+', /repeats a part that itself repeats/],
      ['(.*,)+X', /repeats a part that itself repeats/],
      ['(?:x+x+)+y', /repeats a part that itself repeats/],
      ['((ab)*)+', /repeats a part that itself repeats/],
      ['(\\d{1,2}){3}', /repeats a part that itself repeats/],
      ['(a|ab)+', /repeats a choice whose options can match the same text \(\(a\|ab\)\)/],
      ['(a|A)+', /repeats a choice/], // the i flag makes them one
      ['(\\w|\\d)+', /repeats a choice/],
      ['([^a]|b)+', /repeats a choice/],
      ['(x|)+', /repeats a choice/], // an option matching nothing
      ['(?:a|a?b)*', /repeats a choice/],
      ['(a)\\1', /refers back to an earlier group \(\\1\)/],
      ['(?<n>a)\\k<n>', /refers back to an earlier group \(\\k<n>\)/],
      ['A.*B.*C', /has open-ended parts in a row/],
      ['\\d+\\s*\\d+X', /has open-ended parts in a row/],
      ['\\w+\\w+X', /has open-ended parts in a row/],
      ['a?a?a?aaa', /has open-ended parts in a row/],
      ['(unclosed', /^is not a regular expression: /],
      ['x'.repeat(201), /must be at most 200 characters/],
    ];
    for (const [pattern, message] of refused) expect(problem(pattern), pattern).toMatch(message);
  });

  it('keeps what people write, and the annex B spellings a browser accepts', () => {
    const kept = [
      '^TFL\\b', 'AMAZON|AMZN', 'CARD \\d{4}', '(DD|SO) HMRC', '^POS .* LONDON$', 'INV-\\d{4}', 'TESCO.*', '.*AMAZON.*', 'AMAZON.*MKTP', '.*TFL.*TRAVEL.*',
      '^FPI .* REF INV-?\\d+', '\\d{2}/\\d{2}', '^(?!.*REFUND).*AMAZON', '(?<=DD )HMRC', 'CARD.*\\d+', 'CARD \\d+\\s*\\d+', '^[A-Z]+( [A-Z]+)*$', '(\\w+ )+TO',
      '(?:\\d{1,3},)*\\d{3}', 'UBER\\s*\\*?\\s*TRIP', 'GBP\\s+\\d+\\.\\d{2}', '[^a-z]+', 'caf[eé]', '(?:ZOOM|SLACK|GITHUB)+',
      // Annex B: a lone brace is a literal, \u{4} is "u" four times, [] matches nothing and [^] anything.
      'a{', 'a{b}', '\\u{4}', '[]', '[^]', '[\\d-z]', '\\cJ', '\\c', '\\0', '[\\b]', '\\8', '(a)\\2', ']',
    ];
    for (const pattern of kept) expect(problem(pattern), pattern).toBeNull();
  });

  it('matches a line exactly as the pattern itself would, with its leading and trailing .* left out', () => {
    const patterns = ['.*TFL.*TRAVEL.*', '.*AMAZON.*', '.*?uk.*?', '.*', '.*^CARD', 'TESCO.*|.*HMRC', '^TFL\\b', '\\u{4}', '[^]{5}', '[]|x', 'a{b}', 'Z.RICH\\s*$', '\\d{2}/\\d{2}'];
    for (const pattern of patterns) {
      const checked = checkPattern(pattern);
      if (!checked.ok) throw new Error(`${pattern}: ${checked.problem}`);
      const original = new RegExp(pattern, 'i');
      for (const line of LINES) expect(checked.regExp.test(line), `${pattern} on ${JSON.stringify(line)}`).toBe(original.test(line));
    }
  });
});
