import type { SectionModule } from '../../lib/sections';
import view from './InvoicesView.svelte';

export const section: SectionModule = { view };
