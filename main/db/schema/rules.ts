import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, id, timestamps } from './columns';

/**
 * Bank rules (Ledgerdesk's /v2/bank_rules): conditions a bank line must all meet, and the explanation
 * they give it. Conditions and actions are stored as JSON with links as ids (see shared/api/bank_rules),
 * so a rule reads back exactly as it was checked. Book data: undo covers them like any ledger table.
 */
export const bankRules = sqliteTable(
  'bank_rules',
  {
    id: id(),
    name: text('name').notNull(),
    /** JSON array of {field, operator, value}. */
    conditions: text('conditions').notNull(),
    /** JSON object of the stored actions (category code, ids of contact, project and transfer account). */
    actions: text('actions').notNull(),
    /** Lowest first; ties go to the older rule. */
    priority: integer('priority').notNull(),
    autoExplain: flag('auto_explain').notNull(),
    ...timestamps,
  },
  (table) => [index('bank_rules_priority').on(table.priority, table.id)],
);
