/**
 * The project form's values (text as typed) and what the engine is sent. A project's budget is in
 * hours, days or money (Monetary, in the project's currency); empty text sends no change on a new
 * project so the engine's defaults apply.
 */
import type { Project, ProjectFields } from '../../lib/api/projects';

export interface ProjectValues {
  contact: string;
  name: string;
  status: string;
  currency: string;
  budget: string;
  budgetUnits: string;
  rate: string;
  billingPeriod: string;
  startsOn: string;
  endsOn: string;
}

/** "1500.0" as a person would type it: "1500". */
const asTyped = (decimal: string) => (/^-?\d+\.0$/.test(decimal) ? decimal.slice(0, -2) : decimal);

export function projectValues(project: Project | null, contact: string, currency: string): ProjectValues {
  return {
    contact: project?.contact ?? contact,
    name: project?.name ?? '',
    status: project?.status ?? 'Active',
    currency: project?.currency ?? currency,
    budget: project ? asTyped(project.budget) : '',
    budgetUnits: project?.budget_units ?? 'Monetary',
    rate: project ? asTyped(project.normal_billing_rate) : '',
    billingPeriod: project?.billing_period ?? 'hour',
    startsOn: project?.starts_on ?? '',
    endsOn: project?.ends_on ?? '',
  };
}

export function projectFields(values: ProjectValues): ProjectFields {
  const amount = (text: string) => text.replace(/,/g, '').trim();
  return {
    ...(values.contact ? { contact: values.contact } : {}),
    name: values.name,
    status: values.status,
    currency: values.currency.trim().toUpperCase(),
    ...(amount(values.budget) ? { budget: amount(values.budget) } : {}),
    budget_units: values.budgetUnits,
    ...(amount(values.rate) ? { normal_billing_rate: amount(values.rate) } : {}),
    billing_period: values.billingPeriod,
    starts_on: values.startsOn || null,
    ends_on: values.endsOn || null,
  };
}

/** The budget as it reads: "£1,500.00", "40 hours", "5 days"; nothing when there is none. */
export function budgetWords(project: Project, money: (amount: string, currency: string) => string): string {
  if (Number(project.budget) === 0) return '';
  if (project.budget_units === 'Monetary') return money(project.budget, project.currency);
  return `${asTyped(project.budget)} ${project.budget_units.toLowerCase()}`;
}
