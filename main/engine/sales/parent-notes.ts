import { and, eq } from 'drizzle-orm';
import { notes } from '../../db/schema';
import type { EngineContext } from '../context';

/** Notes only describe their contact or project, so they go when it does. */
export function deleteNotesOf(ctx: EngineContext, parentResource: 'contacts' | 'projects', parentId: number): void {
  const removed = ctx.db
    .delete(notes)
    .where(and(eq(notes.parentResource, parentResource), eq(notes.parentId, parentId)))
    .returning({ id: notes.id })
    .all();
  for (const row of removed) ctx.recordChange('notes', row.id, 'delete');
}
