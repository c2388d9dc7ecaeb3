/** Typed calls for /v2/bank_feeds: read-only, since a feed is connected with the bank, not here. */
import { z } from 'zod';
import { getAll, type ApiResult } from '../api';

export const bankFeedSchema = z.object({
  url: z.string(),
  bank_account: z.string(),
  state: z.string(),
  feed_type: z.string(),
  bank_service_name: z.string(),
  sca_expires_at: z.string().optional(),
  updated_at: z.string(),
});
export type BankFeed = z.infer<typeof bankFeedSchema>;

export function listBankFeeds(): Promise<ApiResult<BankFeed[]>> {
  return getAll('/v2/bank_feeds', 'bank_feeds', bankFeedSchema);
}
