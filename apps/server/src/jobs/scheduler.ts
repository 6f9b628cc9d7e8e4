import type { Deps } from '../deps.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Runs every periodic job on its interval, one run of a job at a time; errors are logged, never fatal. */
export function startScheduler(deps: Deps, jobs: readonly PeriodicJob[]): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let isStopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (isStopped) return;
      const run = job
        .run(deps)
        .catch((err: unknown) => deps.logger.error({ err, job: job.name }, 'periodic job failed'))
        .finally(() => {
          running.delete(run);
          if (!isStopped) timers.push(setTimeout(tick, job.intervalMs));
        });
      running.add(run);
    };
    timers.push(setTimeout(tick, 1000));
  }
  return {
    stop: async () => {
      isStopped = true;
      timers.forEach(clearTimeout);
      await Promise.all(running);
    },
  };
}
