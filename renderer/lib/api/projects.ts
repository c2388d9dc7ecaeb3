/** Typed calls for /v2/projects: the list (by view or contact), create, update and delete. */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

export const PROJECT_STATUSES = ['Active', 'Completed', 'Cancelled', 'Hidden'] as const;
export const BUDGET_UNITS = ['Hours', 'Days', 'Monetary'] as const;
export type ProjectView = 'all' | 'active' | 'completed' | 'cancelled' | 'hidden';

export const projectSchema = z.object({
  url: z.string(),
  contact: z.string(),
  contact_name: z.string().default(''),
  name: z.string(),
  status: z.string(),
  currency: z.string(),
  budget: z.string().default('0.0'),
  budget_units: z.string().default('Hours'),
  normal_billing_rate: z.string().default('0.0'),
  billing_period: z.string().default('hour'),
  starts_on: z.string().optional(),
  ends_on: z.string().optional(),
  is_deletable: z.boolean().default(false),
});
export type Project = z.infer<typeof projectSchema>;

export interface ProjectFields {
  contact?: string;
  name?: string;
  status?: string;
  currency?: string;
  budget?: string;
  budget_units?: string;
  normal_billing_rate?: string;
  billing_period?: string;
  starts_on?: string | null;
  ends_on?: string | null;
}

export function listProjects(view: ProjectView, contact?: string): Promise<ApiResult<Project[]>> {
  return getAll('/v2/projects', 'projects', projectSchema, { view, ...(contact ? { contact } : {}) });
}

export function getProject(url: string): Promise<ApiResult<Project>> {
  return getOne('GET', pathOf(url), 'project', projectSchema);
}

export function createProject(fields: ProjectFields): Promise<ApiResult<Project>> {
  return getOne('POST', '/v2/projects', 'project', projectSchema, { body: { project: fields } });
}

export function updateProject(url: string, fields: ProjectFields): Promise<ApiResult<Project>> {
  return getOne('PUT', pathOf(url), 'project', projectSchema, { body: { project: fields } });
}

export async function deleteProject(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
