// Boots a dry-run thread: a worker thread gets no loader hooks from its parent (tsx or vitest), so it registers
// tsx's before importing the TypeScript task module, then hands piscina the task function.
import { workerData } from 'node:worker_threads';

const api = await import(workerData.tsxApi);
(api.register ?? api.default.register)();
const { runDryRunTask } = await import(workerData.entry);

export default runDryRunTask;
