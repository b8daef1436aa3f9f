import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the server knows about the request being served, for the lines it logs
 * (docs/operations.md#logs): its id and, once the session has been read, the signed-in user's id.
 * The request middleware (request-log.server.ts) opens the store; everything that runs for the request,
 * however deep, reads it through AsyncLocalStorage, so no module passes a logger around.
 */
export interface RequestStore {
  /** The X-Request-Id: the caller's when it was a safe one, else a random UUID. */
  readonly requestId: string;
  /** The signed-in user's id, set by the session lookup (app/modules/access/current-user.server.ts). */
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestStore>();

export function runWithRequestStore<T>(store: RequestStore, fn: () => T): T {
  return storage.run(store, fn);
}

/** The store of the request being served, or undefined (start-up, timers, jobs). */
export function currentRequest(): RequestStore | undefined {
  return storage.getStore();
}

/** Records who is signed in on the request being served, for its access line (ids only, never names). */
export function noteRequestUser(userId: string): void {
  const store = storage.getStore();
  if (store) store.userId = userId;
}
