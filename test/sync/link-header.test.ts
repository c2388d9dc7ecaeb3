import { describe, expect, it } from 'vitest';
import { nextLink } from '../../main/sync/remote';

// Every list the sync reads follows the Link header's next page; missing it stops at 100 records.
describe('the next page of a list, from its Link header', () => {
  const page2 = 'https://api.example.test/v2/invoices?page=2&per_page=100';
  const last = 'https://api.example.test/v2/invoices?page=9&per_page=100';

  it('reads rel in double quotes, single quotes or none, beside the other relations', () => {
    expect(nextLink(`<${page2}>; rel="next", <${last}>; rel="last"`)).toBe(page2);
    expect(nextLink(`<${last}>; rel='last', <${page2}>; rel='next'`)).toBe(page2);
    expect(nextLink(`<${page2}>; rel=next`)).toBe(page2);
    expect(nextLink(`<${page2}>;rel = "NEXT"`)).toBe(page2);
  });

  it('reads a link that names several relations, and one with other parameters first', () => {
    expect(nextLink(`<${page2}>; rel="next last"`)).toBe(page2);
    expect(nextLink(`<${page2}>; title="Page 2"; rel="next"`)).toBe(page2);
  });

  it('a url with a comma in it is not cut', () => {
    const odd = 'https://api.example.test/v2/contacts?page=2&sort=name,-created_at';
    expect(nextLink(`<${odd}>; rel="next"`)).toBe(odd);
  });

  it('is the end of the list when there is no next link, or no header at all', () => {
    expect(nextLink(`<${last}>; rel="last", <${page2}>; rel="prev"`)).toBeNull();
    expect(nextLink(`<${page2}>; rel="nextish"`)).toBeNull();
    expect(nextLink('')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
