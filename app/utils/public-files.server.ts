import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Runs `serve` (express.static over the public folder) only for paths under a name that folder holds
 * (`/favicon.svg`, `/docs-images/…`). express.static answers every other path by asking the file
 * system and failing (a stat and its error per page request); the folder's top-level names are fixed
 * at build time, so a page's path can be told apart without that (docs/architecture.md#one-read-per-request).
 */
export function publicFilesOnly(names: Iterable<string>, serve: RequestHandler): RequestHandler {
  const held = new Set(names);
  return (req: Request, res: Response, next: NextFunction) => {
    const slash = req.path.indexOf("/", 1);
    const first = req.path.slice(1, slash === -1 ? undefined : slash);
    if (first && held.has(first)) return serve(req, res, next);
    next();
  };
}
