import type { RuleOperator } from '../../../../shared/api/bank_rules';
import type { TaxTreatment } from '../suggest/treatment';

/** A condition as stored: links as ids, amounts as decimal text (compared in the line's currency). */
export type StoredCondition =
  | { field: 'description'; operator: Exclude<RuleOperator, 'between'>; value: string }
  | { field: 'amount'; operator: 'equals'; value: string }
  | { field: 'amount'; operator: 'between'; value: [string, string] }
  | { field: 'bank_account'; operator: 'equals'; value: number };

/**
 * The explanation a rule gives, as stored: the category by nominal code, other links as ids, and the
 * VAT treatment in the fields an explanation is asked for with (none of them: the category's
 * automatic rate). Rules saved before the treatment fields hold a rate at most and read as before.
 */
export interface StoredActions {
  category?: string;
  sales_tax_rate?: string;
  /** Unsigned decimal text in the company's currency; only on a rule whose conditions fix the amount. */
  manual_sales_tax_amount?: string;
  sales_tax_status?: string;
  ec_status?: TaxTreatment['ecStatus'];
  place_of_supply?: string;
  description?: string;
  /** Kept as stored when saved before rules refused one; never proposed (no explanation a rule writes keeps a contact). */
  contact?: number;
  /** With a category only: the project the explanation counts for. */
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
  /** Set when the stored conditions or actions cannot be read: the rule then decides no line. */
  unreadable?: string;
}
