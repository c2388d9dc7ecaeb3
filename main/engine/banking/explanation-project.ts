import { eq } from 'drizzle-orm';
import type { ExplanationInput } from '../../../shared/api/bank_transaction_explanations';
import { projects } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';
import type { ExplanationRow } from './records';

/** What an explanation explains its line as, which decides whether it can count for a project. */
export type ExplanationKind = 'category' | 'transfer' | 'payment';

/** Why an explanation of this kind keeps no project, said after "project does not apply to ...". */
export const NO_PROJECT: Readonly<Record<Exclude<ExplanationKind, 'category'>, string>> = {
  transfer: 'a transfer: a move between your own accounts is no project’s income or cost',
  payment: 'paying an invoice or bill: the payment counts for the document’s own project',
};

/** A project of this company named by url or id; `field` names it in the refusal. */
export function projectId(ctx: EngineContext, value: string | number, field: string): number {
  const id = idFromUrl(value, 'projects', field);
  if (!ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get()) throw unprocessable(`${field} is not a project of this company`);
  return id;
}

/**
 * The project an explanation counts for (Ledgerdesk: the reference names no such field; a bank rule's
 * project lands here, and the profit and loss by project reads it). Only an explanation by category
 * carries one: given for a transfer or a payment it is refused; kept from before when the explanation
 * becomes one, it goes, as its category does. A change that says nothing of it keeps it.
 */
export function explanationProject(ctx: EngineContext, input: Pick<ExplanationInput, 'project'>, current: ExplanationRow | null, kind: ExplanationKind): number | null {
  if (kind !== 'category') {
    if (input.project != null) throw unprocessable(`project does not apply to ${NO_PROJECT[kind]}`);
    return null;
  }
  if (input.project === undefined) return current?.projectId ?? null;
  return input.project === null ? null : projectId(ctx, input.project, 'project');
}
