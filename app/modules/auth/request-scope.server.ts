import { RequestContext } from "@mikro-orm/core";

/**
 * Values read once per HTTP request (the session, the signed-in user). Remix hands each loader of
 * a page its own Request object, so a cache keyed by Request alone misses between the root loader
 * and the route loader and every page read the session and the user twice. server.ts opens a scope
 * for each GET/HEAD request (from getLoadContext, inside that request's MikroORM RequestContext);
 * loaders of the same request then share one read. A POST gets no scope: the loaders that run
 * after its action must see what the action changed, so there each Request reads afresh.
 * Callers outside Express (tests, scripts) fall back to one read per Request object.
 */
const scopes = new WeakMap<RequestContext, Map<symbol, unknown>>();
const byRequest = new WeakMap<Request, Map<symbol, unknown>>();

export function openRequestScope(method: string): void {
  if (method !== "GET" && method !== "HEAD") return;
  const context = RequestContext.currentRequestContext();
  if (context) scopes.set(context, new Map());
}

function storeFor(request: Request): Map<symbol, unknown> {
  const context = RequestContext.currentRequestContext();
  const scoped = context ? scopes.get(context) : undefined;
  if (scoped) return scoped;
  let store = byRequest.get(request);
  if (!store) {
    store = new Map();
    byRequest.set(request, store);
  }
  return store;
}

/** `load()`'s result for this HTTP request (or, outside Express, this Request), computed on first use. */
export function oncePerRequest<T>(request: Request, key: symbol, load: () => T): T {
  const store = storeFor(request);
  if (!store.has(key)) store.set(key, load());
  return store.get(key) as T;
}
