import type { z } from 'zod';
import { chosenRowsSchema, csvColumnMappingSchema, DATE_ORDERS, type CsvColumnMappingFields, type DateOrder } from '../../../shared/api/statement_import';
import { badRequest } from '../errors';
import { ValidationError } from '../payload';

/**
 * The import review's own fields of a multipart statement upload or preview. Each is text in the
 * form: `date_order` plain, `column_mapping` and `rows` as JSON. Text that is not JSON is a 400;
 * JSON that breaks a rule is a 422 naming the field.
 */
export const REVIEW_FIELDS = ['rows', 'column_mapping', 'date_order'] as const;

export interface ReviewOptions {
  dateOrder?: DateOrder;
  columnMapping?: CsvColumnMappingFields;
  rows?: number[];
}

function json(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

function checked<S extends z.ZodType>(name: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues.map((issue) => [[name, ...issue.path.map(String)].join('.'), issue.message].join(' ')));
  }
  return parsed.data;
}

export function hasReviewFields(fields: Record<string, string>): boolean {
  return REVIEW_FIELDS.some((name) => fields[name] !== undefined);
}

export function reviewOptions(fields: Record<string, string>): ReviewOptions {
  const options: ReviewOptions = {};
  const order = fields.date_order?.trim();
  if (order) {
    if (!(DATE_ORDERS as readonly string[]).includes(order)) throw new ValidationError([`date_order must be one of ${DATE_ORDERS.join(', ')}`]);
    options.dateOrder = order as DateOrder;
  }
  const mapping = json(fields, 'column_mapping');
  if (mapping !== undefined) options.columnMapping = checked('column_mapping', csvColumnMappingSchema, mapping);
  const rows = json(fields, 'rows');
  if (rows !== undefined) options.rows = checked('rows', chosenRowsSchema, rows);
  return options;
}
