/** At most `limit` of the functions given to `run` at once; the others wait their turn, first come first served. */
export function createSemaphore(limit: number): { run<T>(fn: () => Promise<T>): Promise<T> } {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(fn) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
