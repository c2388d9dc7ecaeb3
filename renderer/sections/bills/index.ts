import type { SectionModule } from '../../lib/sections';
import view from './BillsView.svelte';

export const section: SectionModule = { view };
