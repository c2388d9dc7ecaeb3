import { z } from 'zod';
import {
  linkPlanSchema,
  reviewItemSchema,
  syncStatusSchema,
  type LinkPlanRecord,
  type ResolutionBody,
  type ReviewItemRecord,
  type SyncSettingsBody,
  type SyncStatusRecord,
} from '../../../shared/api/sync';
import { getOne, type ApiResult } from '../api';

/** The app's sync commands (/v2/sync/…, answered by main; see shared/api/sync.ts). */

const status = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => getOne(method, path, 'sync_status', syncStatusSchema, body === undefined ? undefined : { body });

export const getSyncStatus = (): Promise<ApiResult<SyncStatusRecord>> => status('GET', '/v2/sync');
/** Starts a round and answers at once; its progress arrives in later statuses. */
export const runSync = (): Promise<ApiResult<SyncStatusRecord>> => status('POST', '/v2/sync/run');

const browserStart = z.object({ approve_url: z.string(), opened_browser: z.boolean(), sync_status: syncStatusSchema });
export type BrowserStart = z.infer<typeof browserStart>;
/** Starts the approval: main listens for the browser's return and (desktop) opens the browser itself. */
export const connectInBrowser = (): Promise<ApiResult<BrowserStart>> => getOne('POST', '/v2/sync/connect/browser', null, browserStart);
export const pasteApprovalCode = (code: string) => status('POST', '/v2/sync/connect/code', { code });
export const connectWithToken = (url: string, token: string) => status('POST', '/v2/sync/connect/token', { url, token });
export const cancelConnecting = () => status('POST', '/v2/sync/connect/cancel');
export const disconnectSync = () => status('POST', '/v2/sync/disconnect');
export const updateSyncSettings = (changes: SyncSettingsBody) => status('PUT', '/v2/sync/settings', changes);

export const listReviewItems = (): Promise<ApiResult<ReviewItemRecord[]>> => getOne('GET', '/v2/sync/review', 'review_items', reviewItemSchema.array());
export const resolveReviewItem = (id: number, resolution: ResolutionBody) => status('POST', `/v2/sync/review/${id}`, resolution);

export const getLinkPlan = (): Promise<ApiResult<LinkPlanRecord>> => getOne('GET', '/v2/sync/link_plan', 'link_plan', linkPlanSchema);
export const applyLinkPlan = () => status('POST', '/v2/sync/link_plan');
