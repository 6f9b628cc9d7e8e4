/**
 * Milliseconds spent in each named step of one piece of work (an order's fulfilment), for one debug log line: a
 * step timed twice adds up.
 */
export function createStepTimer() {
  const started = performance.now();
  const startedAt = Date.now();
  const steps: Record<string, number> = {};
  const add = (name: string, ms: number) => {
    steps[name] = Math.round(((steps[name] ?? 0) + ms) * 10) / 10;
  };
  return {
    /** Date.now() when the timer was made. */
    startedAt,
    /** Runs `work` and adds its duration to the step `name`. */
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      const at = performance.now();
      try {
        return await work();
      } finally {
        add(name, performance.now() - at);
      }
    },
    add,
    /** The steps so far and the total since the timer was made, in ms. */
    summary: () => ({ steps: { ...steps }, totalMs: Math.round(performance.now() - started) }),
  };
}

export type StepTimer = ReturnType<typeof createStepTimer>;
