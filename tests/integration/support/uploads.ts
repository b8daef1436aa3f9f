import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, Project } from "../../../db/entities/index";
import { db, withRequestContext } from "../../../db/orm";
import { SEEDED_ACCOUNTS } from "../../../db/seeders/seeded-accounts";
import { createSignedInSession } from "../../../app/modules/auth/session.server";
import { setObjectStore } from "../../../app/modules/storage/index.server";
import { resetEnvCache } from "../../../app/utils/env.server";
import { useTestDatabase } from "../../setup/test-database";

/** Shared set-up for the document and template tests: a seeded database, a data folder, sessions. */
export function useUploadTestEnvironment(prefix: string) {
  const state = {
    dataDir: "",
    westernId: 0,
    northernId: 0,
    secondProjectId: 0,
    demoClientId: 0,
    cookies: {} as Record<string, string>,
  };
  const saved = { DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET, S3_ENDPOINT: process.env.S3_ENDPOINT };
  let database: Awaited<ReturnType<typeof useTestDatabase>>;

  beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lr-${prefix}-`));
    process.env.DATA_DIR = state.dataDir;
    process.env.SESSION_SECRET = `${prefix}-test-secret-0123456789abcdefghijkl`;
    delete process.env.S3_ENDPOINT;
    resetEnvCache();
    setObjectStore(null);
    database = await useTestDatabase({ seed: true });
    await withRequestContext(async () => {
      const projects = await db().find(Project, {}, { populate: ["client"] });
      state.westernId = projects.find((p) => p.name === "Western Pipeline Stage 2")!.id;
      state.northernId = projects.find((p) => p.name === "Northern Transmission Line")!.id;
      state.secondProjectId = projects.find((p) => (p.client as { name: string }).name === "Second Client Pty Ltd")!.id;
      state.demoClientId = (await db().findOneOrFail(Client, { name: "Demo Land Consultancy" })).id;
    });
    for (const account of SEEDED_ACCOUNTS) {
      const setCookie = await withRequestContext(() => createSignedInSession(new Request("http://localhost:3000/"), account.id));
      if (account.client === "second" && account.role === "client_owner") state.cookies.second_owner = setCookie.split(";")[0]!;
      else if (account.client === "demo" || account.client === null) state.cookies[account.role] = setCookie.split(";")[0]!;
    }
  });

  afterAll(async () => {
    setObjectStore(null);
    await database?.drop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    fs.rmSync(state.dataDir, { recursive: true, force: true });
  });

  return state;
}

/** Files under the local store (temporary and sidecar files included), to prove nothing is left behind. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "objects");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

export const PDF = (size = 200) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
export const PNG = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

export type FilePart = { name?: string; filename: string; body: Buffer | AsyncIterable<Uint8Array>; type?: string };

/**
 * A multipart/form-data request whose body is streamed (so a 50 MB + 1 body is never held in
 * memory): text fields in order, then the file part. `counter.produced` tells how much was read.
 */
export function multipartRequest(url: string, cookie: string, fields: [string, string][], file: FilePart | null, counter: { produced: number } = { produced: 0 }): Request {
  const boundary = `----lrtest${Math.random().toString(16).slice(2)}`;
  const enc = new TextEncoder();
  async function* body() {
    for (const [name, value] of fields) {
      yield enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    if (file) {
      yield enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      );
      if (Buffer.isBuffer(file.body)) {
        counter.produced += file.body.length;
        yield new Uint8Array(file.body);
      } else {
        for await (const chunk of file.body) {
          counter.produced += chunk.byteLength;
          yield chunk;
        }
      }
      yield enc.encode("\r\n");
    }
    yield enc.encode(`--${boundary}--\r\n`);
  }
  const iterator = body();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: stream,
    // Node's fetch needs duplex for a streamed body.
    duplex: "half",
  } as RequestInit);
}

export async function* generatedBytes(total: number, head: Buffer, chunk = 256 * 1024) {
  yield new Uint8Array(head);
  let sent = head.length;
  const block = new Uint8Array(chunk).fill(0x41);
  while (sent < total) {
    const size = Math.min(chunk, total - sent);
    sent += size;
    yield size === chunk ? block : block.subarray(0, size);
  }
}

export function formRequest(url: string, cookie: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}

export function jsonRequest(url: string, cookie: string, method: string, body?: unknown) {
  return new Request(url, { method, headers: { Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
}

/** Runs a route function in a request context, turning a thrown Response into the result. */
export async function call(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await withRequestContext(fn);
    if (result instanceof Response) return result;
    throw new Error(`Route returned ${typeof result}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
