/**
 * A Content-Disposition header for a download. HTTP header values are Latin-1 at most (a fetch
 * Headers object throws on anything else), so a file name like "💸money.csv" goes in RFC 6266's
 * `filename*` with RFC 5987's UTF-8 percent-encoding, beside a plain ASCII `filename` for clients
 * that read only that one.
 */
export function contentDisposition(fileName: string): string {
  const fallback = asciiFallback(fileName);
  if (fallback === fileName) return `attachment; filename="${fallback}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

// Printable ASCII without the quote and backslash that would end or escape the quoted string:
// accents are dropped (é -> e), any other run of characters becomes one "_", and a name left with
// no letters keeps its extension ("квитанция.pdf" -> "attachment.pdf").
function asciiFallback(fileName: string): string {
  const plain = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const ascii = plain.replace(/(?:[^\x20-\x7e]|["\\])+/g, '_').trim();
  const dot = ascii.lastIndexOf('.');
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  const extension = dot > 0 ? ascii.slice(dot) : '';
  return /^[_\s.]*$/.test(stem) ? `attachment${/^\.[A-Za-z0-9]+$/.test(extension) ? extension : ''}` : ascii;
}

// encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char does not allow ' ( ) *.
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
