import { Level } from '../../../shared/api/permissions';
import type { WorkProgress } from '../../../shared/api/work_progress';
import { ok, type Route } from '../route';
import type { ApiRecord } from '../values';

const workRecord = (work: WorkProgress | null): ApiRecord | null => (work ? { task: work.task, stage: work.stage, done: work.done, total: work.total } : null);

/**
 * The long work under way (Ledgerdesk's extension): `{ work_progress: null }` when there is none. Any
 * signed-in user may ask: it says only what kind of work runs and how far it has got.
 */
export const workProgressRoutes: Route[] = [{ method: 'GET', path: '/v2/work_progress', level: Level.Time, handle: ({ ctx }) => ok({ work_progress: workRecord(ctx.work?.current() ?? null) }) }];
