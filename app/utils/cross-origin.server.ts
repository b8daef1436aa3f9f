import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for every form post and /api write, from the browser's own
 * Fetch Metadata and Origin headers (the approach of Go's http.CrossOriginProtection): works for
 * plain HTML forms without tokens or JavaScript. Requests with neither header (curl, server to
 * server such as the OIDC token call) carry no ambient browser credentials and pass.
 */
export function isCrossOriginRequest(method: string, headers: { secFetchSite?: string; origin?: string; host?: string }): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.secFetchSite;
  if (site) return site !== "same-origin" && site !== "none";
  if (!headers.origin) return false;
  if (headers.origin === "null") return true;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true;
  }
}

export function crossOriginProtection(req: Request, res: Response, next: NextFunction) {
  const blocked = isCrossOriginRequest(req.method, {
    secFetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
    host: req.get("x-forwarded-host") ?? req.get("host"),
  });
  if (!blocked) return next();
  res.status(403).type("text/plain").send("Cross-site request refused");
}
