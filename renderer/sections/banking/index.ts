import type { SectionModule } from '../../lib/sections';
import view from './BankingView.svelte';

export const section: SectionModule = { view };
