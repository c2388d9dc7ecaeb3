import type { SectionModule } from '../../lib/sections';
import view from './TaxView.svelte';

export const section: SectionModule = { view };
