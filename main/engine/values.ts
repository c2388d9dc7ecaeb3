/**
 * Typed values for response records. JSON writes a decimal as a string and a date as text; XML writes
 * each as an element with its type attribute. Serialisers build records from these so that both
 * encodings come from one description of the record.
 */
export class DecimalValue {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export class DateValue {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export class TimestampValue {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export const decimal = (text: string) => new DecimalValue(text);
export const date = (text: string) => new DateValue(text);
export const timestamp = (text: string) => new TimestampValue(text);

/** A record field: absent fields are left out rather than sent as null, as the live service does. */
export type FieldValue =
  | string
  | number
  | boolean
  | null
  | DecimalValue
  | DateValue
  | TimestampValue
  | FieldValue[]
  | { [key: string]: FieldValue | undefined };

export type ApiRecord = { [key: string]: FieldValue | undefined };
