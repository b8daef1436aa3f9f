import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { sendResponse } from "./remix-express.server";

const CHUNK = new Uint8Array(64 * 1024);

/** A body of `total` chunks that counts how many the server has pulled. */
function countingBody(total: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        state.pulled++;
        controller.enqueue(CHUNK);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

async function serve(handler: express.RequestHandler) {
  const app = express();
  app.get("/", handler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sendResponse", () => {
  it("writes a page or a JSON answer in one call, and streams a download (even an HTML or JSON one)", async () => {
    const writes: { path: string; writes: number; ends: number }[] = [];
    const app = express();
    app.use((req, res, next) => {
      const counted = { path: req.path, writes: 0, ends: 0 };
      writes.push(counted);
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((...args: Parameters<typeof res.write>) => (counted.writes++, write(...args))) as typeof res.write;
      res.end = ((...args: Parameters<typeof res.end>) => (counted.ends++, end(...args))) as typeof res.end;
      next();
    });
    const body = () => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode("<p>a</p>")), c.enqueue(new TextEncoder().encode("<p>b</p>")), c.close()) });
    app.get("/page", (req, res, next) => sendResponse(req, res, new Response(body(), { headers: { "Content-Type": "text/html; charset=utf-8" } })).catch(next));
    app.get("/json", (req, res, next) => sendResponse(req, res, new Response(body(), { headers: { "Content-Type": "application/json" } })).catch(next));
    app.get("/download", (req, res, next) =>
      sendResponse(req, res, new Response(body(), { headers: { "Content-Type": "text/html", "Content-Disposition": 'attachment; filename="a.html"' } })).catch(next),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (const path of ["/page", "/json", "/download"]) expect(await (await fetch(`http://127.0.0.1:${port}${path}`)).text()).toBe("<p>a</p><p>b</p>");
      expect(writes).toEqual([
        { path: "/page", writes: 0, ends: 1 },
        { path: "/json", writes: 0, ends: 1 },
        { path: "/download", writes: 2, ends: 1 },
      ]);
    } finally {
      server.close();
    }
  });

  it("pulls the body only as fast as the client reads it", async () => {
    const { body, state } = countingBody(2000); // 125 MB if it were all pulled
    const { server, port } = await serve((req, res, next) => sendResponse(req, res, new Response(body, { headers: { "Content-Type": "application/octet-stream" } })).catch(next));
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => http.get({ port, host: "127.0.0.1", path: "/" }, resolve));
      response.pause();
      await pause(400);
      // Socket and stream buffers hold a few MB at most; the adapter it replaces pulled everything at once.
      expect(state.pulled).toBeLessThan(200);
      let received = 0;
      response.on("data", (chunk: Buffer) => (received += chunk.length));
      response.resume();
      await new Promise((resolve) => response.on("end", resolve));
      expect(received).toBe(2000 * CHUNK.length);
      expect(state.pulled).toBe(2000);
    } finally {
      server.close();
    }
  });

  it("cancels the body when the client goes away, without an error", async () => {
    const { body, state } = countingBody(2000);
    let failed: unknown = null;
    const { server, port } = await serve((req, res) => {
      sendResponse(req, res, new Response(body)).catch((error) => (failed = error));
    });
    try {
      const request = http.get({ port, host: "127.0.0.1", path: "/" }, (response) => {
        response.pause();
        setTimeout(() => request.destroy(), 100);
      });
      request.on("error", () => {});
      await pause(500);
      expect(state.cancelled).toBe(true);
      expect(failed).toBeNull();
    } finally {
      server.close();
    }
  });

  it("sends status and headers, and ends a response without a body", async () => {
    const { server, port } = await serve((req, res, next) => sendResponse(req, res, new Response(null, { status: 204, headers: { "X-Test": "yes" } })).catch(next));
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => http.get({ port, host: "127.0.0.1", path: "/" }, resolve));
      expect(response.statusCode).toBe(204);
      expect(response.headers["x-test"]).toBe("yes");
    } finally {
      server.close();
    }
  });
});
