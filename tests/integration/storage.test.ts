import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { LocalObjectStore } from "../../app/modules/storage/local-store.server";
import { ObjectNotFoundError, ObjectTooLargeError, StorageUnavailableError, type ObjectStore } from "../../app/modules/storage/object-store";
import { PART_SIZE, S3ObjectStore } from "../../app/modules/storage/s3-store.server";
import { freePort } from "./support/ports";

/** The same contract for both stores: the local folder and S3 (minio client against s3rver on loopback). */

async function* generated(total: number, chunk = 64 * 1024, counter?: { produced: number }) {
  let sent = 0;
  while (sent < total) {
    const size = Math.min(chunk, total - sent);
    const buf = Buffer.alloc(size, sent % 251);
    sent += size;
    if (counter) counter.produced = sent;
    yield new Uint8Array(buf);
  }
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

let s3rver: { run(): Promise<unknown>; close(): Promise<unknown> };
let s3Dir: string;
let localDir: string;
let s3Port: number;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-s3rver-"));
  localDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-objects-"));
  s3Port = await freePort();
  s3rver = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: s3Dir });
  await s3rver.run();
});

afterAll(async () => {
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(localDir, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore][] = [
  ["LocalObjectStore", () => new LocalObjectStore(localDir)],
  ["S3ObjectStore (s3rver)", () => new S3ObjectStore({ endPoint: "127.0.0.1", port: s3Port, useSSL: false, accessKey: "S3RVER", secretKey: "S3RVER", bucket: "lr-contract", region: "us-east-1" })],
];

describe.each(stores)("%s", (_name, makeStore) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = makeStore();
  });

  it("puts, reads back, reports existence and deletes", async () => {
    const key = `projects/1/documents/${crypto.randomUUID()}`;
    const body = Buffer.from("%PDF-1.4 hello");
    expect(await store.exists(key)).toBe(false);
    expect(await store.put(key, Readable.from([body]), { contentType: "application/pdf", maxBytes: 1000 })).toEqual({ size: body.length });
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got.size).toBe(body.length);
    expect(got.contentType).toBe("application/pdf");
    expect((await readAll(got.stream)).equals(body)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await store.delete(key); // deleting a missing object is fine
  });

  it("streams a multi-part object intact (larger than one S3 part)", async () => {
    const key = `projects/1/documents/${crypto.randomUUID()}`;
    const total = PART_SIZE * 2 + 12345;
    // Chunks that do not divide a part, so some straddle the part boundaries; every chunk differs.
    const chunk = 100_003;
    expect((await store.put(key, generated(total, chunk), { contentType: "application/octet-stream", maxBytes: total })).size).toBe(total);
    const expected = await readAll(Readable.from(generated(total, chunk)));
    const data = await readAll((await store.get(key)).stream);
    expect(data.length).toBe(total);
    expect(data.equals(expected)).toBe(true);
    await store.delete(key);
  });

  it("cuts an oversized body off at the limit and leaves no object", async () => {
    const key = `projects/1/documents/${crypto.randomUUID()}`;
    const counter = { produced: 0 };
    const limit = PART_SIZE + 100;
    await expect(store.put(key, generated(limit * 10, 64 * 1024, counter), { contentType: "text/plain", maxBytes: limit })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(counter.produced).toBeLessThan(limit + 256 * 1024);
    expect(await store.exists(key)).toBe(false);
  });

  it("lists complete objects under a prefix with when they were written", async () => {
    const prefix = `projects/${crypto.randomUUID()}/`;
    const keys = [`${prefix}documents/${crypto.randomUUID()}`, `${prefix}templates/${crypto.randomUUID()}`];
    const before = Date.now() - 60_000;
    for (const key of keys) await store.put(key, Readable.from([Buffer.from("x")]), { contentType: "text/plain", maxBytes: 10 });
    const listed = [];
    for await (const entry of store.list(prefix)) listed.push(entry);
    expect(listed.map((e) => e.key).sort()).toEqual([...keys].sort());
    for (const entry of listed) expect(entry.lastModified.getTime()).toBeGreaterThan(before);
    // Nothing is unfinished here; s3rver cannot list multipart uploads at all, which counts as none.
    expect(await store.removeIncompleteWrites(new Date())).toBe(0);
    for (const key of keys) await store.delete(key);
  });

  it("refuses unsafe keys", async () => {
    for (const key of ["../escape", "a/../../b", "/abs", "a//b", "name with space", "x\u0000y"]) {
      await expect(store.put(key, Readable.from([Buffer.from("x")]), { contentType: "text/plain", maxBytes: 10 })).rejects.toThrow(/Invalid object key/);
    }
  });
});

it("LocalObjectStore leaves no temporary files after a failed write", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-objects-fail-"));
  const store = new LocalObjectStore(dir);
  async function* failing() {
    yield new Uint8Array(10);
    throw new Error("client went away");
  }
  await expect(store.put("projects/2/documents/x", failing(), { contentType: "text/plain", maxBytes: 100 })).rejects.toThrow("client went away");
  expect(fs.readdirSync(path.join(dir, "projects/2/documents"))).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});

it("S3ObjectStore reports an unreachable endpoint as StorageUnavailableError", async () => {
  const port = await freePort();
  const store = new S3ObjectStore({ endPoint: "127.0.0.1", port, useSSL: false, accessKey: "k", secretKey: "s", bucket: "nowhere" });
  await expect(store.put("projects/1/documents/x", Readable.from([Buffer.from("x")]), { contentType: "text/plain", maxBytes: 10 })).rejects.toBeInstanceOf(StorageUnavailableError);
});
