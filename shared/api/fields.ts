import { z } from 'zod';

/**
 * Field schemas shared by the engine (to validate) and the renderer (for types). They accept what both
 * encodings deliver: XML without type attributes gives every value as text, so "true" and "12" are
 * read as a boolean and an integer; decimals stay text so they never pass through a float.
 */
export const boolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

export const integer = z.preprocess(
  (value) => (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }),
);

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Bounds every decimal field has, so that any amount, quantity or rate fits integer minor units
 * (Number.MAX_SAFE_INTEGER is about 9 x 10^15): 12 digits before the point is 999,999,999,999.99 in
 * pounds, 10^14 pence, with room for a three-decimal currency. Past these a value is a mistake or an
 * attack, never a small company's figure, and is refused with the field's name (issue 13 item 4).
 */
export const MAX_INTEGER_DIGITS = 12;
export const MAX_FRACTION_DIGITS = 12;

const integerDigits = (value: string) => value.replace(/^[+-]/, '').split('.')[0]!.replace(/^0+(?=\d)/, '').length;
const fractionDigits = (value: string) => value.split('.')[1]?.length ?? 0;

/** A decimal as text; JSON numbers are accepted too (the live service accepts both). */
export const decimal = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: 'must be a decimal number' })
    .regex(DECIMAL, { error: 'must be a decimal number' })
    .refine((value) => integerDigits(value) <= MAX_INTEGER_DIGITS, { error: `is too large (at most ${MAX_INTEGER_DIGITS} digits before the decimal point)`, abort: true })
    .refine((value) => fractionDigits(value) <= MAX_FRACTION_DIGITS, { error: `has too many decimal places (at most ${MAX_FRACTION_DIGITS})` }),
);

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const date = z.string({ error: 'must be a date (YYYY-MM-DD)' }).refine(isCalendarDate, { error: 'must be a date (YYYY-MM-DD)' });

export const text = (max = 255) => z.string({ error: 'must be text' }).max(max, { error: `must be at most ${max} characters` });
export const requiredText = (max = 255) => text(max).trim().min(1, { error: "can't be blank" });

/** An optional text field that may be cleared with null or an empty string. */
export const optionalText = (max = 255) =>
  z.preprocess((value) => (value === '' ? null : value), text(max).nullable()).optional();

export const url = z.string({ error: 'must be a url' });
