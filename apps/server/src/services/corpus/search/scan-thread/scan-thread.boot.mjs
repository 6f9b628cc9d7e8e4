// Boots the scan thread: a worker thread gets no loader hooks from its parent (tsx or vitest), so it registers tsx's
// before importing the TypeScript task module, then hands piscina the task function (as the dry-run threads do).
import { workerData } from 'node:worker_threads';

const api = await import(workerData.tsxApi);
(api.register ?? api.default.register)();
const { runScanTask } = await import(workerData.entry);

export default runScanTask;
