/**
 * HMRC writes money as JSON numbers. JSON.parse would put them in floats; this parses with every
 * number kept as the text HMRC wrote ("105.50" stays "105.50"), so amounts reach decimal.js exactly.
 * A small scan outside strings quotes each number token before the ordinary parse.
 */
export function parseMoneyJson(text: string): unknown {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === '\\') {
        out += text[index + 1] ?? '';
        index += 1;
      } else if (char === '"') {
        inString = false;
      }
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(index, index + 64));
    if (number && (char === '-' || (char >= '0' && char <= '9'))) {
      out += `"${number[0]}"`;
      index += number[0].length - 1;
      continue;
    }
    out += char;
  }
  return JSON.parse(out);
}
