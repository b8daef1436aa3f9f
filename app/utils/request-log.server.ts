import crypto from "node:crypto";
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { log } from "./log.server";
import { observeRequest } from "./metrics.server";
import { runWithRequestStore } from "./request-store.server";

/**
 * Per request (docs/operations.md#logs): an id, taken from the caller's X-Request-Id when it is a safe
 * one (a load balancer's or a proxy's) and made otherwise, returned in the response's X-Request-Id (not
 * for built files, whose lines still carry it) and carried by every line logged while the request is
 * served; then one access line and one metrics observation when the response ends: method, route
 * pattern, status, duration and user id. Never the URL, its query or a header value: a search term can
 * be a landholder's name.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's id when it is 1–128 letters, digits, dots, dashes, underscores or colons; else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Probes that a load balancer sends every few seconds: their access lines are debug, not info. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

const accessLog = log.child({ component: "http" });

export interface RequestLogOptions {
  /** The Remix route pattern of a path (route-pattern.server.ts); undefined when none matches. */
  routePattern(pathname: string): string | undefined;
  /** Paths served before Remix by other handlers, labelled `<prefix>/*` (built assets, the bundled OIDC provider). */
  prefixes?: readonly string[];
  /** The top-level names in public/ (favicon, documentation images): labelled `static`. */
  staticNames?: readonly string[];
  /**
   * Paths whose responses do not echo the id (their access lines still carry it): built files, which
   * are public, immutable and the same for everyone, where ~55 header bytes on each of a page's scripts
   * and styles buy nothing (docs/architecture.md#performance).
   */
  noIdHeaderUnder?: readonly string[];
}

function routeOf(req: Request, { routePattern, prefixes = [], staticNames = [] }: RequestLogOptions): string {
  const path = req.path;
  if (PROBES.has(path)) return path;
  const prefix = prefixes.find((p) => path === p || path.startsWith(`${p}/`));
  if (prefix) return `${prefix}/*`;
  if (staticNames.includes(path.split("/")[1] ?? "")) return "static";
  return routePattern(path) ?? "unmatched";
}

export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const store = { requestId: requestIdFrom(req.headers["x-request-id"]), userId: undefined as string | undefined };
    if (!(options.noIdHeaderUnder ?? []).some((prefix) => req.path.startsWith(`${prefix}/`))) res.setHeader("X-Request-Id", store.requestId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req, options);
      // A response cut off before its end (the client went away) has status 499, as nginx says it.
      const status = res.writableFinished ? res.statusCode : 499;
      observeRequest(req.method, route, status, seconds);
      const line = { requestId: store.requestId, method: req.method, route, status, ms: Math.round(seconds * 10_000) / 10, ...(store.userId ? { userId: store.userId } : {}) };
      if (PROBES.has(route)) accessLog.debug(line, "request");
      else accessLog.info(line, "request");
    };
    res.once("finish", done);
    res.once("close", done);
    runWithRequestStore(store, next);
  };
}

/**
 * The last Express handler: an error nothing else answered (Remix answers its own) is logged once,
 * with the request's id, and answered 500 without its text.
 */
export const logUnhandledErrors: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) {
    log.error({ component: "http", err: error }, "Request failed after its response began");
    return next(error);
  }
  log.error({ component: "http", err: error }, "Request failed");
  res.status(500).type("text/plain").send("Internal Server Error");
};
