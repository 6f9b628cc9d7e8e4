/**
 * A signal without payload: `notify()` calls every listener now. The API notifies when it queues an order, so that
 * the worker claims it at once instead of at its next poll (docs/decisions/035-postgresql-at-10m.md).
 */
export interface WakeSignal {
  notify(): void;
  /** Calls `listener` on every notify until the returned function is called. */
  subscribe(listener: () => void): () => void;
}

export function createWakeSignal(): WakeSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
