import type { z } from 'zod';
import { LEVEL_NAMES, Level } from '../../../shared/api/permissions';
import {
  connectCodeSchema,
  connectTokenSchema,
  resolutionSchema,
  runSchema,
  syncSettingsSchema,
  type LinkPlanRecord,
  type ReviewItemRecord,
} from '../../../shared/api/sync';
import type { Engine } from '../../engine/app';
import { PastedCodeError } from '../connect/approval';
import { ApprovalDeclinedError } from '../connect/loopback-listener';
import { MissingClientError } from '../connect/oauth-config';
import { ReconnectNeededError, TokenEndpointError } from '../connect/token-endpoint';
import { ConnectRefusedError } from '../connect/verify-account';
import { CompanyMismatch, LinkPlanNeeded, ReauthorizationNeeded, ResolutionError, SyncBusy } from '../index';
import type { ServiceLinkPlan, ServiceReviewItem } from './service-port';
import { NoPlanError, NotConnectedError, type SyncController } from './sync-controller';

/**
 * The sync control API on the doors (IPC and loopback HTTP): /v2/sync/… is answered here, every
 * other path goes on to the engine. The engine still decides who is asking: the request's own
 * bearer token is checked against /v2/users/me, reading needs any access and changing anything
 * (connecting, syncing, resolving) needs Full access, as changing the company does.
 */
export const SYNC_PATH = '/v2/sync';

const HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: HEADERS });
const refuse = (status: number, ...messages: string[]) => reply(status, { errors: messages.map((message) => ({ message })) });

/** Errors the user can act on: 422 with the sentence. Anything else is the app's fault and says so. */
const CORE_REFUSALS = [SyncBusy, CompanyMismatch, LinkPlanNeeded, ReauthorizationNeeded, ResolutionError];
const USER_ERRORS = [ConnectRefusedError, PastedCodeError, ApprovalDeclinedError, MissingClientError, TokenEndpointError, ReconnectNeededError, NotConnectedError, NoPlanError];

export function withSyncDoor(engine: Engine, controller: () => SyncController | null): Engine {
  return {
    fetch: async (request, options) => {
      const url = new URL(request.url);
      if (url.pathname !== SYNC_PATH && !url.pathname.startsWith(`${SYNC_PATH}/`)) {
        const response = await engine.fetch(request, options);
        // A change to the books changes "changes waiting": the window hears it without asking.
        if (request.method !== 'GET' && response.ok) controller()?.bookChanged();
        return response;
      }
      const who = await engine.fetch(new Request(new URL('/v2/users/me', url), { headers: { Authorization: request.headers.get('authorization') ?? '', Accept: 'application/json' } }), options);
      if (!who.ok) return who;
      const level = Number(((await who.json()) as { user?: { permission_level?: unknown } }).user?.permission_level);
      const sync = controller();
      if (!sync) return refuse(503, 'No book is open.');
      if (request.method !== 'GET' && level < Level.Full) return refuse(403, `Connecting and syncing the book need ${LEVEL_NAMES[Level.Full]} access.`);
      try {
        return await route(sync, request, url.pathname.slice(SYNC_PATH.length) || '/');
      } catch (error) {
        if (USER_ERRORS.some((kind) => error instanceof kind)) return refuse(422, (error as Error).message);
        if (error instanceof BadBody) return refuse(error.status, ...error.messages);
        // The core's own refusals (a round already running, a company that changed type) are the user's to know.
        if (CORE_REFUSALS.some((kind) => error instanceof kind)) return refuse(422, (error as Error).message);
        return refuse(500, `Sync failed inside the app: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

class BadBody extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' '));
  }
}

async function body<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await request.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new BadBody(400, ['The request body is not JSON.']);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadBody(422, parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message)));
  return parsed.data;
}

async function route(sync: SyncController, request: Request, path: string): Promise<Response> {
  const method = request.method;
  const status = () => reply(200, { sync_status: sync.status() });
  if (path === '/' && method === 'GET') return status();
  if (path === '/run' && method === 'POST') {
    const { direction } = await body(request, runSchema);
    sync.syncNow(direction ?? 'both');
    return reply(202, { sync_status: sync.status() });
  }
  if (path === '/connect/browser' && method === 'POST') {
    const started = await sync.connectInBrowser();
    return reply(200, { approve_url: started.approveUrl, opened_browser: started.openedBrowser, sync_status: sync.status() });
  }
  if (path === '/connect/code' && method === 'POST') {
    await sync.pasteCode((await body(request, connectCodeSchema)).code);
    return status();
  }
  if (path === '/connect/token' && method === 'POST') {
    const { url, token } = await body(request, connectTokenSchema);
    await sync.connectWithToken(url, token);
    return status();
  }
  if (path === '/connect/cancel' && method === 'POST') {
    await sync.cancelConnect();
    return status();
  }
  if (path === '/disconnect' && method === 'POST') {
    await sync.disconnect();
    return status();
  }
  if (path === '/settings' && method === 'PUT') {
    const changes = await body(request, syncSettingsSchema);
    sync.updatePreferences({ autoSync: changes.auto_sync, environment: changes.environment, clientId: changes.client_id, clientSecret: changes.client_secret });
    return status();
  }
  if (path === '/review' && method === 'GET') return reply(200, { review_items: sync.reviewList().map(reviewRecord) });
  const resolving = /^\/review\/(\d{1,15})$/.exec(path);
  if (resolving && method === 'POST') {
    const id = Number(resolving[1]);
    if (!sync.reviewList().some((item) => item.id === id)) return refuse(404, 'That review item is not open any more.');
    await sync.resolve(id, await body(request, resolutionSchema));
    return status();
  }
  if (path === '/link_plan' && method === 'GET') return reply(200, { link_plan: planRecord(await sync.planLink()) });
  if (path === '/link_plan' && method === 'POST') {
    await sync.applyLink();
    return reply(202, { sync_status: sync.status() });
  }
  return refuse(404, `No sync command at ${SYNC_PATH}${path === '/' ? '' : path} for ${method}.`);
}

function reviewRecord(item: ServiceReviewItem): ReviewItemRecord {
  return {
    id: item.id,
    family: item.family,
    kind: item.kind,
    label: item.label,
    local_url: item.localUrl,
    remote_url: item.remoteUrl,
    fields: item.fields,
    mine: item.mine,
    theirs: item.theirs,
    reason: item.reason,
    created_at: item.createdAt,
  };
}

function planRecord(plan: ServiceLinkPlan): LinkPlanRecord {
  return {
    mode: plan.mode,
    company: plan.company,
    families: plan.families.map((family) => ({ family: family.family, linked: family.linked, create_here: family.createHere, create_there: family.createThere })),
  };
}
