import type { SectionModule } from '../../lib/sections';
import view from './ReportsView.svelte';

export const section: SectionModule = { view };
