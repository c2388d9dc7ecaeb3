import type { AuthorizationSource } from '../connect/bearer-token-source';

/**
 * The part of the core's SyncService (main/sync/service.ts, /work/sync-contract.md) the controller
 * drives. Written as an interface so the controller's own tests can stand a service in; the app
 * passes the real one.
 */
export interface SyncCounts {
  pulled: number;
  pushed: number;
  conflicts: number;
  refused: number;
  requests: number;
}

export interface ServiceStatus {
  linked: boolean;
  account: { baseUrl: string; companyName: string; companyType: string; userEmail: string; permissionLevel: number } | null;
  state: 'idle' | 'running' | 'offline' | 'needs-authorization' | 'needs-attention' | 'error';
  lastSyncedAt: string | null;
  lastError: string | null;
  waiting: number;
  review: number;
  running: boolean;
}

export type ServiceEvent =
  | { type: 'status'; status: ServiceStatus }
  | { type: 'progress'; phase: 'link' | 'pull' | 'push'; family: string; done: number; total: number | null }
  | { type: 'finished'; result: SyncCounts }
  | { type: 'failed'; message: string };

export interface ServiceReviewItem {
  id: number;
  family: string;
  kind: 'conflict' | 'deleted-there' | 'deleted-here' | 'refused' | 'invalid-remote';
  label: string;
  localUrl: string | null;
  remoteUrl: string | null;
  fields: Array<{ field: string; mine: unknown; theirs: unknown; base: unknown }>;
  mine: Record<string, unknown> | null;
  theirs: Record<string, unknown> | null;
  reason: string;
  createdAt: string;
}

export type ServiceResolution = { choice: 'mine' } | { choice: 'theirs' } | { choice: 'edit'; values: Record<string, unknown> };

export interface ServiceLinkPlan {
  mode: 'adopt-remote' | 'send-book' | 'merge' | 'nothing';
  company: { name: string; type: string };
  families: Array<{
    family: string;
    linked: Array<{ local: string; remote: string; label: string; differs: string[] }>;
    createHere: Array<{ remote: string; label: string }>;
    createThere: Array<{ local: string; label: string }>;
  }>;
}

export interface SyncServicePort {
  status(): ServiceStatus;
  onEvent(listener: (event: ServiceEvent) => void): () => void;
  planLink(): Promise<ServiceLinkPlan>;
  applyLink(plan: ServiceLinkPlan): Promise<void>;
  runOnce(options?: { direction?: 'both' | 'pull' | 'push'; signal?: AbortSignal }): Promise<SyncCounts>;
  start(options?: { intervalMs?: number }): void;
  stop(): Promise<void>;
  reviewList(): ServiceReviewItem[];
  resolve(id: number, resolution: ServiceResolution): Promise<void>;
  unlink(): void;
}

export interface RemoteSpec {
  baseUrl: string;
  tokens: AuthorizationSource;
}

export type ServiceFactory = (remote: RemoteSpec) => SyncServicePort;
