// Worker-thread body of normaliseInWorker: reads and normalises the files, posting each event to the main thread,
// at most MAX_IN_FLIGHT unacknowledged at a time so that memory stays bounded when the database is slower.
import { parentPort, workerData } from 'node:worker_threads';
import { normaliseStream, type NormaliseStreamOptions } from './normalise-stream.ts';

const MAX_IN_FLIGHT = 4;
const port = parentPort!;
const { files, options } = workerData as { files: string[]; options: NormaliseStreamOptions };
let inFlight = 0;
let wake: (() => void) | undefined;
port.on('message', () => {
  inFlight -= 1;
  wake?.();
  wake = undefined;
});
for await (const event of normaliseStream(files, options)) {
  port.postMessage(event);
  inFlight += 1;
  while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
}
port.postMessage({ type: 'end' });
