import { z } from 'zod';
import { boolean, date, decimal, optionalText, text } from './fields';

export const EC_STATUSES = ['UK/Non-EC', 'EC Goods', 'EC Services', 'EC VAT MOSS'] as const;

/** place_of_supply values for an EC VAT MOSS sale (spec section 1, EC VAT MOSS rule 4). */
export const MOSS_COUNTRIES = [
  'Austria', 'Belgium', 'Bulgaria', 'Croatia', 'Cyprus', 'Czech Republic', 'Denmark', 'Estonia', 'Finland', 'France',
  'Germany', 'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta', 'Netherlands',
  'Poland', 'Portugal', 'Romania', 'Slovakia', 'Slovenia', 'Spain', 'Sweden',
] as const;
export type MossCountry = (typeof MOSS_COUNTRIES)[number];

/** A link to another record: its url, or (as the live service also takes) its bare id or code. */
const link = z.union([z.string(), z.number()], { error: 'must be a url' });

const attachmentInput = z.object({
  data: z.string({ error: 'must be base64 text' }).optional(),
  file_name: text().optional(),
  content_type: text(100).optional(),
  description: optionalText(),
});

const explanationFields = {
  bank_transaction: link,
  bank_account: link,
  dated_on: date,
  description: text(1000).nullable(),
  category: link.nullable(),
  gross_value: decimal,
  foreign_currency_value: decimal,
  sales_tax_rate: z.union([decimal, z.string().regex(/^auto$/i)], { error: 'must be a percentage or Auto' }),
  manual_sales_tax_amount: decimal.nullable(),
  sales_tax_status: z.string().nullable(),
  ec_status: z.enum(EC_STATUSES, { error: `must be one of ${EC_STATUSES.join(', ')}` }).nullable(),
  place_of_supply: z.string().nullable(),
  transfer_bank_account: link.nullable(),
  /** The bill this explanation pays (instead of a category or a transfer). */
  paid_bill: link.nullable(),
  /** The invoice this explanation is paid by, or the credit note it refunds. */
  paid_invoice: link.nullable(),
  /** The project an explanation by category counts for (Ledgerdesk: a bank rule's project lands here). */
  project: link.nullable(),
  marked_for_review: boolean,
  attachment: attachmentInput.nullable(),
};

export const explanationCreateSchema = z.object(explanationFields).partial().required({ gross_value: true });
export const explanationUpdateSchema = z.object(explanationFields).partial();
export type ExplanationInput = z.infer<typeof explanationUpdateSchema>;

export const attachmentItemSchema = attachmentInput.extend({ url: z.string().optional(), _destroy: boolean.optional() });
export const attachmentsPayloadSchema = z.array(attachmentItemSchema, { error: 'attachments must be an array' });
export type AttachmentItem = z.infer<typeof attachmentItemSchema>;
