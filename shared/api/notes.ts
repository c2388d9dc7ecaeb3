import { z } from 'zod';
import { requiredText } from './fields';

/** A note's content; required on create and update (spec 4.14). */
export const noteSchema = z.object({ note: requiredText(20000) });
export type NoteInput = z.infer<typeof noteSchema>;
