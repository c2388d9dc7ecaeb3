import { blankBetween } from './spaces';

/**
 * MT940 text into its fields (":61:...", ":86:..." with the lines each wraps onto), handed over one
 * at a time as each ends. Reading the whole file into lines and fields before using any kept every
 * one of them alive until the end: in a 100,000-line statement that was most of what the garbage
 * collector copied (40% of the parse). Handed over as it ends, a field dies young.
 */

export interface Mt940Field {
  tag: string;
  /** The field's first line after its tag, then the lines it wraps onto. */
  lines: string[];
  /** 1-based line number of its first line. */
  line: number;
}

/** Calls `take` with each field in order, once its last line has been read. */
export function readFields(text: string, take: (field: Mt940Field) => void): void {
  new FieldReader(text, take).read();
}

class FieldReader {
  private readonly lines: LineReader;
  private current: Mt940Field | null = null;
  /** 0-based index of the line being read. */
  private index = -1;

  constructor(
    private readonly text: string,
    private readonly take: (field: Mt940Field) => void,
  ) {
    this.lines = new LineReader(text);
  }

  read(): void {
    const { text, lines } = this;
    // Lines are cleaned of control characters only when the file holds some (SOH/ETX wrappers,
    // transmission debris): looking once beats reading every character of every line.
    const controls = CONTROL_CHARACTERS.test(text);
    while (lines.next()) {
      this.index++;
      const { start, end } = lines;
      const first = start < end ? text.charCodeAt(start) : -1;
      // A line that may need cleaning, unwrapping or joining is read as a string; the others, nearly
      // all, are read where they lie in the text and only what is kept of them is copied.
      if (controls || first === 123 /* { */ || first === 45 /* - */ || (first === 58 /* : */ && end - start === 1)) this.readOddLine(text.slice(start, end), controls);
      else this.place(text, start, end);
    }
    this.end();
  }

  private readOddLine(raw: string, controls: boolean): void {
    // SOH/ETX wrappers and the FIN envelope's basic, application and user header blocks.
    let line = controls ? withoutControlCharacters(raw) : raw;
    if (line.charCodeAt(0) === 123 /* { */) {
      line = line.replace(/^(\{[1-3]:(\{[^}]*\}|[^{}])*\})+/, '');
      if (line.startsWith('{4:')) line = line.slice(3);
    }
    if (line.charCodeAt(0) === 45 /* - */ && /^-(\}.*|XXX)?\s*$/.test(line)) {
      this.end();
      return;
    }
    // A tag broken over two lines (":" then "86:...").
    if (line === ':' && this.lines.next()) {
      line = `:${this.text.slice(this.lines.start, this.lines.end)}`;
      this.index++;
    }
    this.place(line, 0, line.length);
  }

  /** The line from `from` to `to` of `source`: a new field, or a line the current one wraps onto. */
  private place(source: string, from: number, to: number): void {
    const tag = fieldTag(source, from, to);
    if (tag !== undefined) {
      this.end();
      this.current = { tag, lines: [source.slice(from + tag.length + 2, to)], line: this.index + 1 };
    } else if (this.current && !blankBetween(source, from, to)) {
      this.current.lines.push(source.slice(from, to));
    }
  }

  private end(): void {
    if (this.current) this.take(this.current);
    this.current = null;
  }
}

// Other control characters than tab, CR and LF: what withoutControlCharacters would remove from a line.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

/** SOH (0x01) and ETX (0x03) wrap MT940 messages; other control bytes are transmission debris. */
function withoutControlCharacters(line: string): string {
  let clean: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const control = code < 32 && code !== 9;
    if (control && clean === null) clean = line.slice(0, i);
    else if (!control && clean !== null) clean += line[i];
  }
  return clean ?? line;
}

// Only these start a field; anything else that looks like ":26:" is wrapped text.
const TAGS = ['13', '13D', '20', '21', '25', '25P', '28', '28C', '34F', '60F', '60M', '61', '62F', '62M', '64', '65', '86', '90C', '90D', 'NS'];
const TAG_BY_CODE = new Map(TAGS.map((tag) => [tagCode(tag, 0), tag]));

/**
 * The tag the line from `from` to `to` starts a field with (":61:" gives "61"), as one shared
 * string, or undefined: what /^:([0-9]{2}[A-Z]?|NS):/ and the list above say, read without a match
 * array or substring.
 */
function fieldTag(line: string, from: number, to: number): string | undefined {
  // ":20:" and ":NS:" are the shortest.
  if (to - from < 4 || line.charCodeAt(from) !== 58 /* : */) return undefined;
  const first = line.charCodeAt(from + 1);
  const second = line.charCodeAt(from + 2);
  const third = line.charCodeAt(from + 3);
  let length: number;
  if (isDigit(first) && isDigit(second)) {
    if (third === 58) length = 2;
    else if (third >= 65 && third <= 90 && to - from >= 5 && line.charCodeAt(from + 4) === 58) length = 3;
    else return undefined;
  } else if (first === 78 /* N */ && second === 83 /* S */ && third === 58) {
    length = 2;
  } else {
    return undefined;
  }
  return TAG_BY_CODE.get(tagCode(line, from + 1, length));
}

/** A number for the tag of `length` characters at `from`: its character codes, 7 bits each. */
function tagCode(text: string, from: number, length = text.length - from): number {
  let code = length;
  for (let i = from; i < from + length; i++) code = code * 128 + text.charCodeAt(i);
  return code;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * The lines of a text one at a time, as text.split(/\r\n|\r|\n/) would give them, each as where it
 * starts and ends (its line end excluded): next() moves to the following line, false after the last.
 */
class LineReader {
  start = 0;
  end = 0;
  private position = 0;
  private feed: number;
  private carriageReturn: number;
  private done = false;

  constructor(private readonly text: string) {
    this.feed = text.indexOf('\n');
    this.carriageReturn = text.indexOf('\r');
  }

  next(): boolean {
    if (this.done) return false;
    const text = this.text;
    const from = this.position;
    if (this.feed >= 0 && this.feed < from) this.feed = text.indexOf('\n', from);
    if (this.carriageReturn >= 0 && this.carriageReturn < from) this.carriageReturn = text.indexOf('\r', from);
    this.start = from;
    if (this.carriageReturn >= 0 && (this.feed < 0 || this.carriageReturn < this.feed)) {
      this.end = this.carriageReturn;
      this.position = text.charCodeAt(this.end + 1) === 10 ? this.end + 2 : this.end + 1;
    } else if (this.feed >= 0) {
      this.end = this.feed;
      this.position = this.end + 1;
    } else {
      this.end = text.length;
      this.done = true;
    }
    return true;
  }
}
