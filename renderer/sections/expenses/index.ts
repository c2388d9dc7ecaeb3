import type { SectionModule } from '../../lib/sections';
import view from './ExpensesView.svelte';

export const section: SectionModule = { view };
