import { z } from 'zod';
import { date } from './fields';

/** PUT /v2/account_locks: the date the user lock closes the books up to (spec 4.16). */
export const accountLockSchema = z.object({ locked_to_date: date });
export type AccountLockInput = z.infer<typeof accountLockSchema>;
