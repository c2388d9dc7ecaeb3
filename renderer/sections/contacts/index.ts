import type { SectionModule } from '../../lib/sections';
import view from './ContactsView.svelte';

export const section: SectionModule = { view };
