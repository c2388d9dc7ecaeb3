import { openBookReader, type Book } from '../db/client';
import { createEngine, type Engine } from '../engine/app';
import { clockFromEnvironment, type Clock } from '../engine/context';
import { randomIds } from '../engine/open';
import type { WorkProgress } from '../../shared/api/work_progress';
import { workBoard } from '../engine/work/board';
import type { HostConfig } from './messages';
import { NO_BOOK_MESSAGE, type Post } from './writer-host';
import { errorResponse, fromWireRequest, toWireResponse, transferOf, type WireRequest } from './wire';

/**
 * The reader worker: a read-only connection to the book the writer has open, answering GETs while
 * the writer is busy with a long write, parse or backup. It follows the writer's book by message.
 */
export class ReaderHost {
  private book: Book | null = null;
  private engine: Engine | null = null;
  private readonly clock: Clock;
  /** The writer's latest report of long work, passed on by main; GET /v2/work_progress reads it. */
  private readonly work = workBoard();

  constructor(
    config: HostConfig,
    private readonly post: Post,
  ) {
    this.clock = clockFromEnvironment(config.now ?? undefined);
  }

  async answer(id: number, wire: WireRequest): Promise<void> {
    const request = fromWireRequest(wire);
    let response: Response;
    if (request.method !== 'GET' && request.method !== 'HEAD') response = errorResponse(405, `The reader answers only GET, not ${request.method}`);
    else if (!this.engine) response = errorResponse(503, NO_BOOK_MESSAGE);
    else response = await this.engine.fetch(request, wire.origin === undefined ? undefined : { origin: wire.origin });
    const out = await toWireResponse(response);
    this.post({ type: 'response', id, wire: out }, transferOf(out));
  }

  heard(progress: WorkProgress | null): void {
    this.work.report(progress);
  }

  /** Reads `file` from now on (null: nothing); answered once the new connection is ready. */
  follow(id: number, file: string | null): void {
    try {
      this.book?.close();
      this.book = null;
      this.engine = null;
      if (file) {
        this.book = openBookReader(file);
        this.engine = createEngine({ book: this.book, clock: this.clock, ids: randomIds, work: this.work }, undefined, { readOnly: true });
      }
      this.post({ type: 'reply', id, ok: true, value: null });
    } catch (error) {
      this.post({ type: 'reply', id, ok: false, error: { message: error instanceof Error ? error.message : String(error) } });
    }
  }
}
