import net from "node:net";

/**
 * A download over a raw socket that reads the status line and headers and then stops reading, as a
 * client that went quiet does: the server's writes back up and its body waits for room.
 */
export interface HeldDownload {
  status: number;
  headers: Record<string, string>;
  /** The body as far as it was read (the whole of a refusal's short JSON), chunked encoding removed. */
  body: string;
  socket: net.Socket;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

/** Sends `method path` with `headers` and `body`; resolves once the head has arrived (or rejects after `timeoutMs`). */
export function holdDownload(
  baseUrl: string,
  { method = "POST", path, headers = {}, body = "", timeoutMs = 10_000 }: { method?: string; path: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<HeldDownload> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${url.host}`, `Content-Length: ${Buffer.byteLength(body)}`, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  return new Promise<HeldDownload>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer to ${method} ${path} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      clearTimeout(timer);
      socket.off("data", onData);
      const [statusLine, ...headerLines] = received.subarray(0, end).toString("latin1").split("\r\n");
      const status = Number(statusLine!.split(" ")[1]);
      const parsed = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      const held: HeldDownload = { status, headers: parsed, body: received.subarray(end + 4).toString("utf8"), socket, closed };
      if (status === 200) {
        // Stop reading: from here the server's writes fill the socket's buffers and then wait.
        socket.pause();
        resolve(held);
        return;
      }
      // A refusal is short: read it to its end (the server closes the connection).
      socket.on("data", (more: Buffer) => (held.body += more.toString("utf8")));
      void closed.then(() => {
        if (/chunked/i.test(held.headers["transfer-encoding"] ?? "")) held.body = dechunk(held.body);
        resolve(held);
      });
    };
    socket.on("data", onData);
  });
}

/** A chunked body's data (the chunks' sizes and the last, empty chunk removed). */
export function dechunk(raw: string): string {
  let out = "";
  let rest = raw;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Reads what is left of a held download until the server closes it; resolves with the raw text of its end. */
export function readToEnd(download: HeldDownload, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let tail = "";
    const timer = setTimeout(() => reject(new Error(`The download did not end within ${timeoutMs} ms`)), timeoutMs);
    download.socket.on("data", (chunk: Buffer) => (tail = (tail + chunk.toString("latin1")).slice(-64)));
    download.socket.once("close", () => {
      clearTimeout(timer);
      resolve(tail);
    });
    download.socket.resume();
  });
}

/** The first free loopback port from `from` to `to` (the range this machine gives the caller). */
export async function freePortInRange(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port from ${from} to ${to}`);
}
