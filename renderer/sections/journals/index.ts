import type { SectionModule } from '../../lib/sections';
import view from './JournalsView.svelte';

export const section: SectionModule = { view };
