import type { Deps } from '../deps.ts';

/** A job that runs every `intervalMs`, first shortly after start. */
export interface PeriodicJob {
  readonly name: string;
  readonly intervalMs: number;
  run(deps: Deps): Promise<void>;
}
