/** The sync layer's public surface: what the doors (CLI, IPC, loopback HTTP) and the app use. */
export { SyncService, SyncBusy, type SyncServiceOptions, type SyncResult, type SyncStatus, type SyncEvent } from './service';
export { StaticTokenSource, CoalescingTokenSource, ReauthorizationNeeded, type TokenSource, type RefreshingTokens } from './tokens';
export { CompanyMismatch, LinkPlanNeeded, type LinkPlan, type FamilyPlan } from './link';
export { ResolutionError, type ReviewItem, type Resolution } from './resolve';
export { realTimer, VirtualTimer, type SyncTimer, type Deadline } from './timer';
export { RemoteUnavailable, SyncAborted } from './remote-errors';
export { API_VERSION, USER_AGENT } from './remote';
export { SYNC_USER_EMAIL } from './local';
export { FAMILIES } from './families';
