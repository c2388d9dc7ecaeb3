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

/** A decimal as text; JSON numbers are accepted too (the live service accepts both). */
export const decimal = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
  z.string({ error: 'must be a decimal number' }).regex(DECIMAL, { error: 'must be a decimal number' }),
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
