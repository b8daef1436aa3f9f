import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Serves the brotli copy (`x.js.br`, written by scripts/build-extras.mjs) of a built script or
 * stylesheet to a browser that accepts brotli, instead of gzipping the file on every request
 * (docs/architecture.md#performance). The handler only points the request at the `.br` file and
 * sets its headers; `express.static` after it sends the file with the same caching headers as the
 * plain one. Anything else (no copy, no brotli, another file type) passes through unchanged.
 */
const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

export function precompressedAssets(dir: string): RequestHandler {
  const root = path.resolve(dir);
  // Built files never change while the process runs, so whether a copy exists is looked up once.
  const hasCopy = new Map<string, boolean>();
  const copyExists = (urlPath: string) => {
    let known = hasCopy.get(urlPath);
    if (known === undefined) {
      const file = path.resolve(root, `.${decodeURIComponent(urlPath)}.br`);
      known = file.startsWith(root + path.sep) && fs.existsSync(file);
      if (hasCopy.size < 10_000) hasCopy.set(urlPath, known);
    }
    return known;
  };
  return (req, res, next) => {
    const type = TYPES[path.extname(req.path)];
    if ((req.method !== "GET" && req.method !== "HEAD") || !type) return next();
    res.vary("Accept-Encoding");
    let found = false;
    try {
      found = req.acceptsEncodings("br") === "br" && copyExists(req.path);
    } catch {
      found = false; // a malformed path: leave it to express.static
    }
    if (!found) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", "br");
    const query = req.url.indexOf("?");
    req.url = `${req.path}.br${query === -1 ? "" : req.url.slice(query)}`;
    next();
  };
}
