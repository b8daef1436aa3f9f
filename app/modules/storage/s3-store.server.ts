import { Readable } from "node:stream";
import { Client } from "minio";
import { assertValidKey, limitBytes, ObjectNotFoundError, StorageUnavailableError, type ObjectStore } from "./object-store";

export interface S3Config {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

/**
 * Bytes buffered per request part. minio's own putObject buffers a whole part (64 MB or more for
 * streams of unknown length), so uploads are cut here: one PUT for small files, a multipart upload
 * of PART_SIZE parts otherwise (5 MiB, the smallest part S3 accepts). Memory per upload is one
 * part's buffer, whatever the file size.
 */
export const PART_SIZE = 5 * 1024 * 1024;

const NOT_FOUND_CODES = new Set(["NoSuchKey", "NotFound", "NoSuchObject"]);

function isNotFound(error: unknown) {
  return NOT_FOUND_CODES.has((error as { code?: string })?.code ?? "");
}

/** S3-compatible storage (AWS S3, MinIO, …) through the minio client; creates the bucket if missing. */
export class S3ObjectStore implements ObjectStore {
  private readonly client: Client;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly config: S3Config) {
    this.client = new Client({
      endPoint: config.endPoint,
      port: config.port,
      useSSL: config.useSSL,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      pathStyle: true,
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.config.bucket))) await this.client.makeBucket(this.config.bucket, this.config.region ?? "us-east-1");
    })().catch((error) => {
      this.bucketReady = null;
      throw error;
    });
    return this.bucketReady;
  }

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      await this.ensureBucket();
      return await fn();
    } catch (error) {
      if (isNotFound(error) || error instanceof ObjectNotFoundError) throw error;
      if (error instanceof Error && error.name === "ObjectTooLargeError") throw error;
      throw new StorageUnavailableError(`Object storage ${what} failed: ${(error as Error)?.message ?? error}`, { cause: error });
    }
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, { contentType, maxBytes }: { contentType: string; maxBytes: number }) {
    assertValidKey(key);
    const counter = { size: 0 };
    const bucket = this.config.bucket;
    return this.call("upload", async () => {
      const chunks = limitBytes(body, maxBytes, counter)[Symbol.asyncIterator]();
      // One buffer per upload, refilled for every part: a fresh buffer per part would survive until
      // the part is sent, reach the old generation and stay there until a full collection.
      const part = Buffer.allocUnsafeSlow(PART_SIZE);
      let filled = 0;
      let uploadId: string | null = null;
      const etags: { part: number; etag: string }[] = [];
      const flushPart = async () => {
        uploadId ??= await this.client.initiateNewMultipartUpload(bucket, key, { "Content-Type": contentType });
        const partNumber = etags.length + 1;
        const { etag } = await this.client.uploadPart({ bucketName: bucket, objectName: key, uploadID: uploadId, partNumber, headers: { "Content-Length": filled } }, part.subarray(0, filled));
        etags.push({ part: partNumber, etag });
        filled = 0;
      };
      try {
        for (;;) {
          const { done, value } = await chunks.next();
          if (done) break;
          for (let offset = 0; offset < value.byteLength;) {
            const n = Math.min(PART_SIZE - filled, value.byteLength - offset);
            part.set(value.subarray(offset, offset + n), filled);
            filled += n;
            offset += n;
            if (filled === PART_SIZE) await flushPart();
          }
        }
        if (uploadId === null) {
          await this.client.putObject(bucket, key, part.subarray(0, filled), filled, { "Content-Type": contentType });
        } else {
          if (filled > 0) await flushPart();
          await this.client.completeMultipartUpload(bucket, key, uploadId, etags);
        }
        return { size: counter.size };
      } catch (error) {
        if (uploadId !== null) await this.client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
        await chunks.return?.(undefined);
        throw error;
      }
    });
  }

  async get(key: string) {
    assertValidKey(key);
    try {
      return await this.call("download", async () => {
        const stat = await this.client.statObject(this.config.bucket, key);
        const stream = await this.client.getObject(this.config.bucket, key);
        const metaData = stat.metaData as Record<string, string>;
        return { stream: stream as Readable, size: stat.size, contentType: metaData["content-type"] ?? "application/octet-stream" };
      });
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string) {
    assertValidKey(key);
    await this.call("delete", () => this.client.removeObject(this.config.bucket, key));
  }

  async *list(prefix: string) {
    await this.ensureBucket();
    for await (const item of this.client.listObjectsV2(this.config.bucket, prefix, true) as AsyncIterable<{ name?: string; lastModified?: Date }>) {
      if (item.name && item.lastModified) yield { key: item.name, lastModified: item.lastModified };
    }
  }

  async removeIncompleteWrites(olderThan: Date) {
    let removed = 0;
    let keyMarker = "";
    let uploadIdMarker = "";
    try {
      for (;;) {
        const page = await this.client.listIncompleteUploadsQuery(this.config.bucket, "", keyMarker, uploadIdMarker, "");
        for (const upload of page.uploads) {
          if (upload.initiated >= olderThan) continue;
          await this.client.abortMultipartUpload(this.config.bucket, upload.key, upload.uploadId);
          removed++;
        }
        if (!page.isTruncated) break;
        keyMarker = page.nextKeyMarker;
        uploadIdMarker = page.nextUploadIdMarker;
      }
    } catch (error) {
      // Some S3-compatible servers cannot list multipart uploads; a bucket lifecycle rule
      // (AbortIncompleteMultipartUpload) does the same job there.
      if ((error as { code?: string })?.code === "NotImplemented") return removed;
      throw error;
    }
    return removed;
  }

  async exists(key: string) {
    assertValidKey(key);
    try {
      await this.call("lookup", () => this.client.statObject(this.config.bucket, key));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}
