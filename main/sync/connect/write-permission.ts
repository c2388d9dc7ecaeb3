import { LEVEL_NAMES, type PermissionLevel } from '../../../shared/api/permissions';
import { allRoutes } from '../../engine/resources';
import type { Method } from '../../engine/route';

interface Rule {
  method: Method;
  pattern: RegExp;
  level: PermissionLevel;
}

/** ":id{[0-9]+}" and ":id" in a Hono path become regex groups; everything else is literal. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => {
      const param = /^:\w+(?:\{(.+)\})?$/.exec(part);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

let rules: Rule[] | null = null;

/**
 * The permission level each write needs, read from the engine's own route table: the engine
 * speaks the service's API, levels included, so the same table says what the service will refuse.
 * Pushes a user's level does not allow are held back (and shown in review) instead of being sent
 * to meet a 403.
 */
export function levelNeeded(method: Method, path: string): PermissionLevel | null {
  rules ??= allRoutes().map((route) => ({ method: route.method, pattern: patternOf(route.path), level: route.level }));
  const pathname = path.startsWith('/') ? path.split('?')[0]! : new URL(path).pathname;
  return rules.find((rule) => rule.method === method && rule.pattern.test(pathname))?.level ?? null;
}

/** Whether a user at `level` may make this write; a path the table does not know is allowed (the service decides). */
export function writeAllowed(level: PermissionLevel, method: Method, path: string): boolean {
  const needed = levelNeeded(method, path);
  return needed === null || level >= needed;
}

/** The sentence a held-back push shows in review. */
export function heldBackReason(level: PermissionLevel, method: Method, path: string): string {
  const needed = levelNeeded(method, path) ?? level;
  return `Your permission level on the online service (${LEVEL_NAMES[level]}) does not allow this change; it needs ${LEVEL_NAMES[needed]}. It stays in this book until someone with that level syncs it.`;
}
