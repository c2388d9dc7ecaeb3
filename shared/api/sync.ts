import { z } from 'zod';

/**
 * The app's own sync control API (/v2/sync/…), between the window and the main process. It is not
 * part of the service's API: the doors answer it (JSON only) and the renderer reads it through the
 * bridge like any other /v2 path. Tokens never appear in it.
 */

export const CONNECTION_STATES = ['disconnected', 'awaiting-approval', 'connecting', 'connected', 'reconnect-needed'] as const;
export const SYNC_STATES = ['not-connected', 'idle', 'running', 'offline', 'needs-authorization', 'needs-attention', 'error'] as const;
export const SERVICE_ENVIRONMENTS = ['production', 'sandbox'] as const;

export const syncCountsSchema = z.object({
  pulled: z.number(),
  pushed: z.number(),
  conflicts: z.number(),
  refused: z.number(),
  requests: z.number(),
});
export type SyncCounts = z.infer<typeof syncCountsSchema>;

export const syncProgressSchema = z.object({
  phase: z.string(),
  family: z.string(),
  done: z.number(),
  total: z.number().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const syncStatusSchema = z.object({
  connection: z.object({
    state: z.enum(CONNECTION_STATES),
    environment: z.enum(['production', 'sandbox', 'custom']).nullable(),
    base_url: z.string().nullable(),
    kind: z.enum(['oauth', 'bearer']).nullable(),
    company_name: z.string().nullable(),
    company_type: z.string().nullable(),
    user_email: z.string().nullable(),
    permission_level: z.number().nullable(),
    connected_at: z.string().nullable(),
    approve_url: z.string().nullable(),
    problem: z.string().nullable(),
  }),
  state: z.enum(SYNC_STATES),
  running: z.boolean(),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The last agreement check (both books' figures compared after a round): when, and how many differed. */
  agreement: z.object({ checked_at: z.string(), differences: z.number() }).nullable(),
  /** Local changes not yet on the remote. */
  waiting: z.number(),
  /** Open items in Needs review. */
  review: z.number(),
  progress: syncProgressSchema.nullable(),
  /** Counts of the round under way (so far) or of the last one. */
  counts: syncCountsSchema.nullable(),
  /** Both sides hold data and no link exists yet: the plan must be shown and accepted first. */
  link_plan_needed: z.boolean(),
  /** Main's clock when this status was made: "synced 2 min ago" is counted from it, not the window's clock. */
  now: z.string(),
  settings: z.object({
    auto_sync: z.boolean(),
    environment: z.enum(SERVICE_ENVIRONMENTS),
    client_configured: z.boolean(),
    /** The client id and secret come from the environment, so Settings cannot change them. */
    client_from_environment: z.boolean(),
    /** How tokens are sealed on this machine: "safeStorage" or "key file". */
    cipher: z.string(),
  }),
});
export type SyncStatusRecord = z.infer<typeof syncStatusSchema>;

export const reviewItemSchema = z.object({
  id: z.number(),
  family: z.string(),
  kind: z.enum(['conflict', 'deleted-there', 'deleted-here', 'refused', 'invalid-remote', 'difference']),
  label: z.string(),
  local_url: z.string().nullable(),
  remote_url: z.string().nullable(),
  fields: z.array(z.object({ field: z.string(), mine: z.unknown(), theirs: z.unknown(), base: z.unknown() })),
  mine: z.record(z.string(), z.unknown()).nullable(),
  theirs: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type ReviewItemRecord = z.infer<typeof reviewItemSchema>;

export const resolutionSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('mine') }),
  z.object({ choice: z.literal('theirs') }),
  z.object({ choice: z.literal('edit'), values: z.record(z.string(), z.unknown()) }),
]);
export type ResolutionBody = z.infer<typeof resolutionSchema>;

export const linkPlanSchema = z.object({
  mode: z.enum(['adopt-remote', 'send-book', 'merge', 'nothing']),
  /** The remote company, and each of its settings this book holds otherwise (the book takes them on accepting). */
  company: z.object({ name: z.string(), type: z.string(), differs: z.array(z.object({ field: z.string(), mine: z.string().nullable(), theirs: z.string().nullable() })) }),
  families: z.array(
    z.object({
      family: z.string(),
      linked: z.array(z.object({ local: z.string(), remote: z.string(), label: z.string(), differs: z.array(z.string()) })),
      create_here: z.array(z.object({ remote: z.string(), label: z.string() })),
      create_there: z.array(z.object({ local: z.string(), label: z.string() })),
    }),
  ),
});
export type LinkPlanRecord = z.infer<typeof linkPlanSchema>;

export const connectBrowserSchema = z.object({ environment: z.enum(SERVICE_ENVIRONMENTS) });
export const connectCodeSchema = z.object({ code: z.string().min(1, { error: 'Paste the code or the address the browser showed.' }).max(4096) });
export const connectTokenSchema = z.object({
  url: z.string().min(1, { error: 'Enter the server\'s address.' }).max(2048),
  token: z.string().trim().min(1, { error: 'Enter the token.' }).max(4096),
});
export const syncSettingsSchema = z
  .object({
    auto_sync: z.boolean(),
    environment: z.enum(SERVICE_ENVIRONMENTS),
    client_id: z.string().max(512),
    client_secret: z.string().max(512),
  })
  .partial()
  .strict();
export type SyncSettingsBody = z.infer<typeof syncSettingsSchema>;
export const runSchema = z.object({ direction: z.enum(['both', 'pull', 'push']) }).partial().strict();
