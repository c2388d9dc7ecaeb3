import { z } from 'zod';
import { date, decimal } from './fields';
import { link } from './invoices';

const reconciliationFields = {
  gross_value: decimal,
  dated_on: date,
  invoice: link,
  credit_note: link,
  currency: z.string({ error: 'must be an ISO currency code' }),
  exchange_rate: decimal,
};

export const reconciliationCreateSchema = z.object(reconciliationFields).partial().required({ gross_value: true, invoice: true, credit_note: true });
export const reconciliationUpdateSchema = z.object(reconciliationFields).partial();
export type ReconciliationInput = z.infer<typeof reconciliationUpdateSchema>;
