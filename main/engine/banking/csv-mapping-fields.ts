import type { CsvColumnMappingFields } from '../../../shared/api/statement_import';
import type { CsvColumnMapping } from '../../importers/types';

/**
 * The importers speak camelCase (their own contract); the API speaks underscores like every other
 * record. These two functions are the only place the two spellings meet.
 */

export function mappingToFields(mapping: CsvColumnMapping): CsvColumnMappingFields {
  const fields: CsvColumnMappingFields = {
    delimiter: mapping.delimiter as CsvColumnMappingFields['delimiter'],
    header_row: mapping.headerRow,
    first_data_row: mapping.firstDataRow,
    date: mapping.date,
    date_order: mapping.dateOrder,
    decimal_comma: mapping.decimalComma,
    amount: mapping.amount,
    paid_in: mapping.paidIn,
    paid_out: mapping.paidOut,
    credit_debit: mapping.creditDebit,
    invert_sign: mapping.invertSign,
    description: [...mapping.description],
    payee: mapping.payee,
    memo: mapping.memo,
    reference: mapping.reference,
    fitid: mapping.fitid,
    currency: mapping.currency,
    balance: mapping.balance,
  };
  return withoutUndefined(fields);
}

export function mappingFromFields(fields: CsvColumnMappingFields): CsvColumnMapping {
  const mapping: CsvColumnMapping = {
    delimiter: fields.delimiter,
    headerRow: fields.header_row,
    firstDataRow: fields.first_data_row,
    date: fields.date,
    dateOrder: fields.date_order,
    decimalComma: fields.decimal_comma,
    amount: fields.amount,
    paidIn: fields.paid_in,
    paidOut: fields.paid_out,
    creditDebit: fields.credit_debit,
    invertSign: fields.invert_sign,
    description: [...fields.description],
    payee: fields.payee,
    memo: fields.memo,
    reference: fields.reference,
    fitid: fields.fitid,
    currency: fields.currency,
    balance: fields.balance,
  };
  return withoutUndefined(mapping);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/** Whether two mappings read a file the same way (key order and absent keys aside). */
export function sameMapping(a: CsvColumnMappingFields, b: CsvColumnMappingFields): boolean {
  const canonical = (mapping: CsvColumnMappingFields) => JSON.stringify(Object.entries(withoutUndefined(mapping)).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canonical(a) === canonical(b);
}
