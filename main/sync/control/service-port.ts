import type { LinkPlan, Resolution, ReviewItem, SyncEvent, SyncResult, SyncService, SyncStatus, TokenSource } from '../index';

/**
 * The core's SyncService as the controller drives it. The controller's own tests may stand a
 * service in with the same surface; the app passes the real one.
 */
export type SyncServicePort = Pick<SyncService, 'status' | 'onEvent' | 'planLink' | 'applyLink' | 'runOnce' | 'start' | 'stop' | 'reviewList' | 'resolve' | 'unlink'>;
export type ServiceStatus = SyncStatus;
export type ServiceEvent = SyncEvent;
export type ServiceReviewItem = ReviewItem;
export type ServiceResolution = Resolution;
export type ServiceLinkPlan = LinkPlan;
export type SyncCounts = SyncResult;

export interface RemoteSpec {
  baseUrl: string;
  tokens: TokenSource;
}

export type ServiceFactory = (remote: RemoteSpec) => SyncServicePort;
