import type { SectionModule } from '../../lib/sections';
import view from './SettingsView.svelte';

export const section: SectionModule = { view };
