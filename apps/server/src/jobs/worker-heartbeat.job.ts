import {
  recordWorkerHeartbeat,
  WORKER_HEARTBEAT_INTERVAL_MS,
} from '../services/operations/service-status.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every 10 s: the worker's heartbeat, which /api/health/ and /metrics report. */
export const workerHeartbeatJob: PeriodicJob = {
  name: 'worker.heartbeat',
  intervalMs: WORKER_HEARTBEAT_INTERVAL_MS,
  run: (deps) => recordWorkerHeartbeat(deps),
};
