import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Lets the event loop answer other requests between slices of work that must stay in this thread
 * (docs/operations.md#off-the-request-path): a slice should take no more than a few milliseconds.
 */
export async function yieldToEventLoop(): Promise<void> {
  await nextTurn();
}
