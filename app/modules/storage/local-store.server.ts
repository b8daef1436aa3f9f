import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, limitBytes, ObjectNotFoundError, type ObjectStore } from "./object-store";

/**
 * Objects as files under one folder (the embedded default). Writes go to a temporary file that is
 * renamed into place only when complete, so a reader never sees half an object and a failed or
 * oversized upload leaves nothing behind. The content type is kept in a small sidecar file.
 */
export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathFor(key: string) {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("Invalid object key");
    return full;
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, { contentType, maxBytes }: { contentType: string; maxBytes: number }) {
    const target = this.pathFor(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.tmp-${crypto.randomUUID()}`);
    const counter = { size: 0 };
    const out = fs.createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(Readable.from(limitBytes(body, maxBytes, counter)), out);
      await fs.promises.writeFile(`${temp}.meta`, JSON.stringify({ contentType }));
      await fs.promises.rename(`${temp}.meta`, `${target}.meta`);
      await fs.promises.rename(temp, target);
    } catch (error) {
      // A body that fails at once can fail before the file is even open; removing it before the
      // stream has closed would let the late open create it again.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await fs.promises.rm(temp, { force: true });
      await fs.promises.rm(`${temp}.meta`, { force: true });
      throw error;
    }
    return { size: counter.size };
  }

  async get(key: string) {
    const file = this.pathFor(key);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw new ObjectNotFoundError(key);
    }
    let contentType = "application/octet-stream";
    try {
      contentType = JSON.parse(await fs.promises.readFile(`${file}.meta`, "utf8")).contentType ?? contentType;
    } catch {
      // A missing sidecar only loses the stored type; the database row has it too.
    }
    return { stream: fs.createReadStream(file), size: stat.size, contentType };
  }

  async delete(key: string) {
    const file = this.pathFor(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.meta`, { force: true });
  }

  async *list(prefix: string) {
    for (const entry of await this.files()) {
      if (entry.temporary || entry.sidecar || !entry.key.startsWith(prefix)) continue;
      yield { key: entry.key, lastModified: entry.stat.mtime };
    }
  }

  async removeIncompleteWrites(olderThan: Date) {
    let removed = 0;
    for (const entry of await this.files()) {
      if (!entry.temporary || entry.stat.mtime >= olderThan) continue;
      await fs.promises.rm(entry.file, { force: true });
      removed++;
    }
    return removed;
  }

  /** Every file under the root, classified: objects, their `.meta` sidecars, and `.tmp-` writes in progress. */
  private async files() {
    let names: string[];
    try {
      names = (await fs.promises.readdir(this.root, { recursive: true })) as string[];
    } catch {
      return [];
    }
    const entries = [];
    for (const name of names) {
      const file = path.join(this.root, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const key = name.split(path.sep).join("/");
      const base = path.basename(name);
      entries.push({ file, key, stat, temporary: base.startsWith(".tmp-"), sidecar: !base.startsWith(".tmp-") && base.endsWith(".meta") });
    }
    return entries;
  }

  async exists(key: string) {
    try {
      return (await fs.promises.stat(this.pathFor(key))).isFile();
    } catch {
      return false;
    }
  }
}
