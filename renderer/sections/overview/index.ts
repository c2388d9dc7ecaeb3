import type { SectionModule } from '../../lib/sections';
import view from './OverviewView.svelte';

export const section: SectionModule = { view };
