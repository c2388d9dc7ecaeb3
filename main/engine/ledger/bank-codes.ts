/**
 * bank_code is a constant naming the bank a sort code belongs to, "generic" when it is not one we
 * know. The ranges are the clearing banks' published blocks; only the first two digits are used.
 */
const SORT_CODE_PREFIXES: readonly [RegExp, string][] = [
  [/^04-00/, 'monzo'],
  [/^60-83/, 'starling'],
  [/^(20|23|26|27|28|29)-/, 'barclays'],
  [/^(40|41|42)-/, 'hsbc'],
  [/^(30|77|87)-/, 'lloyds'],
  [/^(50|51|52|53|54|55|56|57|58|59|60|61|62)-/, 'natwest'],
  [/^(15|16|83|84)-/, 'rbs'],
  [/^(09|72)-/, 'santander'],
  [/^07-/, 'nationwide'],
];

export function bankCodeFor(sortCode: string | null): string {
  if (!sortCode) return 'generic';
  return SORT_CODE_PREFIXES.find(([pattern]) => pattern.test(sortCode))?.[1] ?? 'generic';
}
