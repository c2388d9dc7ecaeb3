import type { SectionModule } from '../../lib/sections';

// Not built yet: the sidebar lists it as coming soon.
export const section: SectionModule = { view: null };
