/** The injected source of time, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and advances by hand. */
export function createManualClock(start = new Date('2026-01-01T00:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => {
      current = date.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
