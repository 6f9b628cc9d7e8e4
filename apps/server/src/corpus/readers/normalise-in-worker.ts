import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { normaliseStream, type NormaliseEvent, type NormaliseStreamOptions } from './normalise-stream.ts';

// The worker loads TypeScript by registering tsx's hooks first: an eval'd worker gets no loader hooks of its parent,
// whether that runs under tsx or vitest.
const BOOT = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const api = await import(workerData.tsxApi);
  (api.register ?? api.default.register)();
  await import(workerData.entry);
})().catch((error) => parentPort.postMessage({ type: 'fatal', message: String((error && error.stack) || error) }));
`;

type Message = NormaliseEvent | { type: 'end' } | { type: 'fatal'; message: string };

/**
 * normaliseStream run in a worker thread: JSON parsing and normalising use the second core while this thread writes
 * to the database. Falls back to running in this thread when the worker cannot start.
 */
export async function* normaliseInWorker(
  files: readonly string[],
  options: NormaliseStreamOptions,
  onFallback?: (reason: string) => void,
): AsyncGenerator<NormaliseEvent> {
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: {
      files,
      options,
      entry: new URL('./normalise-worker.ts', import.meta.url).href,
      tsxApi: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
    },
  });
  const queue: Message[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  const push = (message: Message) => {
    queue.push(message);
    wake?.();
    wake = undefined;
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ type: 'fatal', message: error.stack ?? error.message }));
  worker.on('exit', (code) => push({ type: 'fatal', message: `normalise worker exited with code ${code}` }));
  let received = 0;
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if (message.type === 'end') return;
      if (message.type === 'fatal') {
        failure = new Error(message.message);
        break;
      }
      received += 1;
      yield message;
      worker.postMessage('next');
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
  if (received > 0) throw failure;
  onFallback?.(failure?.message ?? 'unknown');
  yield* normaliseStream(files, options);
}
