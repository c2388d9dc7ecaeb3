import type { AnyRoute } from '../route';

/** Joins the resource modules' routes into one table; two modules claiming one endpoint is a bug. */
export function registerRoutes(modules: readonly (readonly AnyRoute[])[]): AnyRoute[] {
  const seen = new Set<string>();
  const table: AnyRoute[] = [];
  for (const routes of modules) {
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
      seen.add(key);
      table.push(route);
    }
  }
  return table;
}
