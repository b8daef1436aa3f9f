import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES, STARTUP_PDF_MAX_BYTES, STARTUP_PDF_TOO_LARGE_MESSAGE } from "./upload-limits";
import { FORM_OVERHEAD_BYTES } from "./multipart.server";
import { noteStreamedBytes } from "./streamed-garbage.server";

/** Every form post and /api write. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_000_000;
/** A multipart upload: the largest file the app stores plus room for the other fields. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_FILE_BYTES + FORM_OVERHEAD_BYTES;
export const BODY_TOO_LARGE_MESSAGE = "Request body is too large";
/**
 * After answering early (a refusal, or a route that did not read the whole body), the rest of the
 * body is read and dropped for this long before the connection is closed: closing a socket with
 * unread bytes sends a TCP reset, which can destroy the answer before the client has read it.
 */
const LINGER_MS = 1000;

export interface BodyLimit {
  bytes: number;
  message: string;
}

const FILE_UPLOAD: BodyLimit = { bytes: UPLOAD_BODY_LIMIT_BYTES, message: FILE_TOO_LARGE_MESSAGE };

/**
 * The routes whose multipart posts carry a file: documents and templates (page and /api) and the
 * spreadsheet import (page and the spec's /api/file/parse) and the affected areas' GIS files, all under the same 50 MB file limit; the
 * start-up form's PDF auto-fill under its own smaller one (the PDF is held in memory while read).
 */
const UPLOAD_LIMITS = new Map<string, BodyLimit>([
  ...["/documents", "/templates", "/api/documents/upload", "/api/templates/upload", "/import", "/api/file/parse", "/affected-areas", "/api/affected-areas"].map((path) => [path, FILE_UPLOAD] as const),
  ...["/api/extract-pdf-fields", "/projects/new"].map((path) => [path, { bytes: STARTUP_PDF_MAX_BYTES + FORM_OVERHEAD_BYTES, message: STARTUP_PDF_TOO_LARGE_MESSAGE }] as const),
]);

/** The cap for one request: uploads get their file limit, everything else 1 MB. */
export function bodyLimitFor(method: string, path: string, contentType: string | undefined): BodyLimit {
  // Remix matches routes case-insensitively and ignores a trailing slash.
  const route = path.toLowerCase().replace(/\/+$/, "") || "/";
  const multipart = (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
  const upload = method.toUpperCase() === "POST" && multipart ? UPLOAD_LIMITS.get(route) : undefined;
  if (upload) return { ...upload };
  return { bytes: DEFAULT_BODY_LIMIT_BYTES, message: BODY_TOO_LARGE_MESSAGE };
}

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Caps every request body while it streams, chunked or not, before any route reads it. A declared
 * Content-Length over the cap is refused at once; a body that passes the cap as it arrives is cut
 * off there: the client gets 413 (JSON `{ message }` on /api, plain text elsewhere), whatever the
 * route would have answered is dropped, and the route's read of the body fails. Whenever the
 * answer leaves before the body has been read to its end, the rest is dropped unread and the
 * connection closed shortly after, so no request holds memory or a connection for its body.
 *
 * The bytes are counted where Node's HTTP parser hands them to the request stream (`push`), so
 * whichever code reads the body later (Remix's request, busboy) sees only what passed the cap.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  const limit = bodyLimitFor(req.method, req.path, req.get("content-type"));
  const isApi = req.path.toLowerCase().startsWith("/api/");
  const push = req.push.bind(req);
  let received = 0;
  let discarding = false;
  let tooLarge = false;

  const dropRestOfBody = () => {
    if (discarding) return;
    discarding = true;
    const socket = req.socket;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.push = (chunk: unknown) => {
      if (chunk !== null) {
        noteStreamedBytes((chunk as Buffer).length);
        return true;
      }
      // The client sent everything, so closing is clean now (nothing unread). After an ordinary
      // early answer the connection may carry the next request instead.
      if (tooLarge) socket.end();
      else {
        clearTimeout(timer);
        push(null);
      }
      return false;
    };
    // Whoever was reading may have paused the socket; the dropped bytes must keep flowing.
    req.resume();
  };
  const refuseTooLarge = () => {
    tooLarge = true;
    dropRestOfBody();
    if (!res.headersSent) refuse(res, isApi, limit.message);
  };

  // Node closes a `Connection: close` exchange as soon as the answer is written; with body bytes
  // still unread that close is a TCP reset, which can destroy the answer on its way. Half-close
  // instead and let the linger above end it.
  const socket: Socket = req.socket;
  const hadOwnDestroySoon = Object.hasOwn(socket, "destroySoon");
  const destroySoon = socket.destroySoon;
  const halfCloseWhileUnread = () => {
    if (req.complete) return destroySoon.call(socket);
    dropRestOfBody();
    socket.end();
  };
  socket.destroySoon = halfCloseWhileUnread;
  const restoreSocket = () => {
    // Only our own override (a later request on this connection may have put its own).
    if (socket.destroySoon !== halfCloseWhileUnread) return;
    if (hadOwnDestroySoon) socket.destroySoon = destroySoon;
    else Reflect.deleteProperty(socket, "destroySoon");
  };
  // Node's own 'finish' listener (which may call destroySoon) runs before this one.
  res.once("finish", () => {
    restoreSocket();
    if (!req.complete) dropRestOfBody();
  });
  res.once("close", restoreSocket);

  if (Number(req.get("content-length") ?? 0) > limit.bytes) return refuseTooLarge();
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null) {
      received += (chunk as Buffer).length;
      if (received > limit.bytes) {
        refuseTooLarge();
        // A route reading the body gets an error rather than a body cut short.
        if (req.listenerCount("error") > 0) req.emit("error", Object.assign(new Error(BODY_TOO_LARGE_MESSAGE), { status: 413 }));
        return true;
      }
    }
    return push(chunk, encoding);
  };
  next();
}

/** Sends the 413 and turns whatever the route answers later into a no-op. */
function refuse(res: ServerResponse, isApi: boolean, message: string) {
  const body = isApi ? JSON.stringify({ message }) : `${message}\n`;
  res.writeHead(413, { "Content-Type": isApi ? "application/json; charset=utf-8" : "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  res.end(body);
  const ignore = () => res;
  Object.assign(res, {
    // Express's helpers too: they read the headers already sent and may throw on them.
    append: ignore,
    set: ignore,
    header: ignore,
    setHeader: ignore,
    appendHeader: ignore,
    removeHeader: () => undefined,
    writeHead: ignore,
    flushHeaders: () => undefined,
    write: (...args: unknown[]) => {
      const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return true;
    },
    end: (...args: unknown[]) => {
      const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return res;
    },
  });
}
