/**
 * A stored line description ("text/reference/TYPE/", descriptions.ts) as a person reads it: the text,
 * then the reference when there is one. Other text is kept whole.
 */
export function lineWords(description: string): string {
  const match = /^(.*)\/([^/]*)\/([A-Z_]*)\/$/s.exec(description);
  if (!match) return description.trim();
  return [match[1]!.trim(), match[2]!.trim()].filter(Boolean).join(' · ');
}
