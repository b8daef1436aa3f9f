/**
 * Remix's Express adapter, with two changes: the response body is piped to the socket with backpressure,
 * and a page or JSON answer (one buffer already) is written in one call.
 * @remix-run/express 2.x writes every chunk the body yields without waiting for the socket to drain, so a
 * slow client makes the server buffer a whole export or download in memory; pipeline() reads the next
 * chunk only when the socket has taken the last. The request side is the adapter's own.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type * as express from "express";
import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
// The adapter's request conversion (forwarded host and port, abort on close); not re-exported by its index.
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { isDownloadStalled } from "./downloads.server";
import { compressWholeBody } from "./whole-body-compression.server";

export interface RequestHandlerOptions {
  build: ServerBuild;
  mode?: string;
  getLoadContext?: (req: express.Request, res: express.Response) => AppLoadContext | Promise<AppLoadContext>;
}

export function createRequestHandler({ build, mode, getLoadContext }: RequestHandlerOptions): express.RequestHandler {
  const handleRequest = createRemixRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const loadContext = await getLoadContext?.(req, res);
      const response = await handleRequest(request, loadContext);
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** Pages and JSON answers, never a download: those are streams, sent at the pace the client reads. */
function isWholeBody(response: Response): boolean {
  if (response.headers.has("Content-Disposition")) return false;
  const type = (response.headers.get("Content-Type") ?? "").toLowerCase();
  return type.startsWith("text/html") || type.startsWith("application/json");
}

const isPrematureClose = (error: unknown) => (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE";

/**
 * Writes a fetch Response to Express: status, headers, then the body at the pace the client reads it.
 * A page or JSON answer is compressed here in one call, as the request accepts (whole-body-compression.server.ts).
 */
export async function sendResponse(req: express.Request, res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  if (isWholeBody(response)) {
    // A page or a JSON answer is one buffer already (renderToString, JSON.stringify): compressed in one
    // call and written in one, and no web stream is bridged to a Node one for it.
    const body = Buffer.from(await response.arrayBuffer());
    res.end(compressWholeBody(req, res, body));
    return;
  }
  // pipeline and compression each watch the response's close; with the app's own middleware that is a
  // dozen listeners, constant per response (not a leak), which Node would otherwise warn about.
  res.setMaxListeners(Math.max(res.getMaxListeners(), 20));
  try {
    await pipeline(Readable.fromWeb(response.body as unknown as NodeWebReadableStream), res);
  } catch (error) {
    // The client went away, or stopped reading and was cut off (pipeline has closed the socket): the
    // body was cancelled (releasing its cursor or file); nothing more to report.
    if (!isPrematureClose(error) && !isDownloadStalled(error)) throw error;
  }
}
