import type { RuleOperator } from '../../../../shared/api/bank_rules';

/** A condition as stored: links as ids, amounts as decimal text (compared in the line's currency). */
export type StoredCondition =
  | { field: 'description'; operator: Exclude<RuleOperator, 'between'>; value: string }
  | { field: 'amount'; operator: 'equals'; value: string }
  | { field: 'amount'; operator: 'between'; value: [string, string] }
  | { field: 'bank_account'; operator: 'equals'; value: number };

/** The explanation a rule gives, as stored: the category by nominal code, other links as ids. */
export interface StoredActions {
  category?: string;
  sales_tax_rate?: string;
  description?: string;
  contact?: number;
  project?: number;
  transfer_bank_account?: number;
  mark_for_review?: boolean;
}

export interface RuleRow {
  id: number;
  name: string;
  conditions: StoredCondition[];
  actions: StoredActions;
  priority: number;
  autoExplain: boolean;
  createdAt: string;
  updatedAt: string;
}
