import { z } from 'zod';
import { isPermissionLevel, type PermissionLevel } from '../../../shared/api/permissions';

/**
 * A book's link to a company on a /v2 service, as kept (sealed) on disk: where the service is, how
 * requests are signed, whose company and which user it is, and whether the link still works.
 */
export const ENVIRONMENTS = ['production', 'sandbox', 'custom'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const oauthAuth = z.object({
  kind: z.literal('oauth'),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** ISO timestamps by the app's clock. */
  accessExpiresAt: z.string(),
  refreshExpiresAt: z.string().nullable(),
});
const bearerAuth = z.object({ kind: z.literal('bearer'), token: z.string().min(1) });
export type OAuthCredentials = z.infer<typeof oauthAuth>;
export type SyncAuth = OAuthCredentials | z.infer<typeof bearerAuth>;

export const accountSchema = z.object({
  companyUrl: z.string(),
  companyName: z.string(),
  companyType: z.string(),
  userUrl: z.string(),
  userEmail: z.string(),
  permissionLevel: z.custom<PermissionLevel>(isPermissionLevel),
});
export type LinkedAccount = z.infer<typeof accountSchema>;

export const syncLinkSchema = z.object({
  version: z.literal(1),
  environment: z.enum(ENVIRONMENTS),
  baseUrl: z.string().url(),
  auth: z.discriminatedUnion('kind', [oauthAuth, bearerAuth]),
  account: accountSchema,
  /** "reconnect-needed" once the service has revoked the refresh token: sync stops until the user approves again. */
  state: z.enum(['connected', 'reconnect-needed']),
  /** Why the link stopped working, in a sentence for the user. */
  problem: z.string().nullable(),
  connectedAt: z.string(),
});
export type SyncLink = z.infer<typeof syncLinkSchema>;
