/**
 * CSV text into records: RFC 4180 quoting (a quoted field may hold delimiters, quotes doubled and
 * line breaks), any of CRLF, LF or a lone CR (classic Mac) between records, and the tolerance real
 * exports need (text after a closing quote is kept, a stray quote inside a field is literal).
 * Fields are trimmed; rows with nothing in them are dropped.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line where the record starts. */
  line: number;
}

export function readCsvRecords(text: string, delimiter: string, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let position = 0;

  const endRecord = () => {
    if (fields.some((field) => field !== '')) records.push({ fields, line: recordLine });
    fields = [];
  };

  while (records.length < limit) {
    let start = position;
    while (start < length && (text.charCodeAt(start) === 32 || (text.charCodeAt(start) === 9 && separator !== 9))) start++;
    let end: number;
    if (start < length && text.charCodeAt(start) === 34 /* " */) {
      let value = '';
      let cursor = start + 1;
      for (;;) {
        const quote = text.indexOf('"', cursor);
        const stop = quote < 0 ? length : quote;
        line += countLineBreaks(text, cursor, stop);
        value += text.slice(cursor, stop);
        if (quote < 0) {
          cursor = length;
          break;
        }
        if (text.charCodeAt(quote + 1) === 34) {
          value += '"';
          cursor = quote + 2;
          continue;
        }
        cursor = quote + 1;
        break;
      }
      end = fieldEnd(text, cursor, separator);
      fields.push((value + text.slice(cursor, end)).trim());
    } else {
      end = fieldEnd(text, position, separator);
      fields.push(text.slice(position, end).trim());
    }
    if (end >= length) {
      endRecord();
      break;
    }
    const code = text.charCodeAt(end);
    if (code === separator) {
      position = end + 1;
      continue;
    }
    position = code === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    line++;
    endRecord();
    recordLine = line;
  }
  return records;
}

function fieldEnd(text: string, from: number, separator: number): number {
  let index = from;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === separator || code === 10 || code === 13) break;
    index++;
  }
  return index;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

const DELIMITERS = [',', ';', '\t', '|'];
const SAMPLE_RECORDS = 60;

/**
 * The delimiter that splits most sample records into the same number of fields (two or more).
 * Title lines and footers have other counts, so agreement matters more than the count itself.
 */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { delimiter: ',', agreeing: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const records = readCsvRecords(sample, delimiter, SAMPLE_RECORDS);
    // The sample may end mid-record.
    if (sample.length < text.length && records.length > 1) records.pop();
    const counts = new Map<number, number>();
    for (const record of records) {
      if (record.fields.length > 1) counts.set(record.fields.length, (counts.get(record.fields.length) ?? 0) + 1);
    }
    for (const [fields, agreeing] of counts) {
      if (agreeing > best.agreeing || (agreeing === best.agreeing && fields > best.fields)) best = { delimiter, agreeing, fields };
    }
  }
  return best.delimiter;
}
