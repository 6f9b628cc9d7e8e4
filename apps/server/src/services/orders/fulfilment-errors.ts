/** Raised inside a fulfilment when the worker's lease was taken over: stop, write nothing more. */
export class LeaseLostError extends Error {}
