import type { SectionModule } from '../../lib/sections';
import view from './CategoriesView.svelte';

export const section: SectionModule = { view };
