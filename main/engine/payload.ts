import type { z } from 'zod';
import { unprocessable } from './errors';
import type { RouteRequest } from './route';

/** The object under the request's root key; a missing or wrong root key is a 422. */
export function rootOf(request: RouteRequest, root: string): Record<string, unknown> {
  const value = request.body.value;
  const inner = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[root] : undefined;
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    throw unprocessable(`Request body must have the root key ${root} holding an object`);
  }
  return inner as Record<string, unknown>;
}

/** Human sentences for a zod failure, each naming its field. */
export function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    // zod's .required() words a missing field "Invalid input: expected nonoptional, received undefined".
    const message = issue.code === 'invalid_type' && issue.expected === 'nonoptional' ? 'is required' : issue.message;
    return field ? `${field} ${message}` : message;
  });
}

export class ValidationError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

/** Validates the payload under its root key; unknown fields are dropped, broken rules are a 422. */
export function payload<S extends z.ZodType>(request: RouteRequest, root: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(rootOf(request, root));
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  return parsed.data;
}
