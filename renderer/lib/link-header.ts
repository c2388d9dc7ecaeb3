/**
 * The next page of a list, from the engine's Link header (`<url>; rel="next"`). Urls in it carry the
 * origin the engine writes (http://127.0.0.1:PORT or ledgerdesk://local), so only the path and query
 * are kept: the request goes back through whichever transport asked.
 */
export function nextPage(linkHeader: string | undefined): { path: string; query: Record<string, string> } | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (!match) continue;
    const url = new URL(match[1]!);
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
  }
  return null;
}
