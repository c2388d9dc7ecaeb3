import { parentPort, workerData } from 'node:worker_threads';
import type { HostConfig, ToWorker } from './messages';
import { ReaderHost } from './reader-host';
import { WriterHost, type Post } from './writer-host';

/**
 * The engine host's entry in a worker thread: the writer (book, sync, HMRC) or the reader (a
 * read-only connection for GETs), as main's HostedBook asked when it started this worker.
 */
const port = parentPort;
if (!port) throw new Error('engine-worker runs only as a worker thread');
const config = workerData as HostConfig;
const post: Post = (message, transfer = []) => port.postMessage(message, transfer);

if (config.role === 'reader') {
  const reader = new ReaderHost(config, post);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'request') void reader.answer(message.id, message.wire);
    else if (message.type === 'follow') reader.follow(message.id, message.file);
    else if (message.type === 'work') reader.heard(message.progress);
  });
} else {
  const writer = new WriterHost(config, post);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'request') void writer.answer(message.id, message.wire);
    else if (message.type === 'call') void writer.call(message.id, message.body);
  });
}
