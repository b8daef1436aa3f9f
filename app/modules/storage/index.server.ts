import path from "node:path";
import { getEnv } from "~/utils/env.server";
import { LocalObjectStore } from "./local-store.server";
import type { ObjectStore } from "./object-store";
import { S3ObjectStore } from "./s3-store.server";

export * from "./object-store";
export { LocalObjectStore } from "./local-store.server";
export { S3ObjectStore } from "./s3-store.server";

let store: ObjectStore | null = null;

/** S3 when S3_ENDPOINT is configured, else `${DATA_DIR}/objects` (docs/architecture.md#object-storage). */
export function getObjectStore(): ObjectStore {
  if (store) return store;
  const env = getEnv();
  store = env.S3_ENDPOINT
    ? new S3ObjectStore({
        endPoint: env.S3_ENDPOINT,
        port: env.S3_PORT,
        useSSL: env.S3_USE_SSL === "true",
        accessKey: env.S3_ACCESS_KEY ?? "",
        secretKey: env.S3_SECRET_KEY ?? "",
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
      })
    : new LocalObjectStore(path.join(env.dataDir, "objects"));
  return store;
}

/** Tests swap in a store (a failing one, or one backed by s3rver); null goes back to the configured one. */
export function setObjectStore(next: ObjectStore | null) {
  store = next;
}
