import { company } from '../db/schema';
import type { CompanyType } from '../../shared/api/company';
import { storedFirstVatPeriodEnd } from './company-settings';
import type { EngineContext } from './context';

export type CompanyRow = typeof company.$inferSelect & {
  type: CompanyType;
  /** The end of the first VAT period when the user picked the stagger (book_settings); null for the default. */
  firstVatPeriodEndsOn: string | null;
};

/** The book's company; every book has one from the moment it is created. */
export function loadCompany(ctx: Pick<EngineContext, 'db'>): CompanyRow {
  const row = ctx.db.select().from(company).get();
  if (!row) throw new Error('The book has no company');
  return { ...(row as typeof row & { type: CompanyType }), firstVatPeriodEndsOn: storedFirstVatPeriodEnd(ctx.db) };
}
