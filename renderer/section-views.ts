// Every section's view, by id. Each section's own index.ts says whether it is built.
import type { SectionId, SectionModule } from './lib/sections';
import { section as banking } from './sections/banking';
import { section as bills } from './sections/bills';
import { section as categories } from './sections/categories';
import { section as contacts } from './sections/contacts';
import { section as expenses } from './sections/expenses';
import { section as invoices } from './sections/invoices';
import { section as journals } from './sections/journals';
import { section as overview } from './sections/overview';
import { section as reports } from './sections/reports';
import { section as settings } from './sections/settings';
import { section as tax } from './sections/tax';

export const SECTION_VIEWS: Readonly<Record<SectionId, SectionModule>> = {
  overview,
  banking,
  invoices,
  bills,
  expenses,
  contacts,
  journals,
  categories,
  reports,
  tax,
  settings,
};
