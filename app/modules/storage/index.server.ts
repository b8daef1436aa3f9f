import path from "node:path";
import { getEnv } from "~/utils/env.server";
import { LocalObjectStore } from "./local-store.server";
import type { ObjectStore } from "./object-store";
import { S3ObjectStore } from "./s3-store.server";

export * from "./object-store";
export { LocalObjectStore } from "./local-store.server";
export { S3ObjectStore } from "./s3-store.server";

type Env = ReturnType<typeof getEnv>;

/** The store of the current configuration, built again when the environment is (resetEnvCache). */
let configured: { env: Env; store: ObjectStore } | null = null;
/** A store a test put in place of the configured one. */
let replacement: ObjectStore | null = null;

/** S3 when S3_ENDPOINT is configured, else `${DATA_DIR}/objects` (docs/architecture.md#object-storage). */
export function getObjectStore(): ObjectStore {
  if (replacement) return replacement;
  const env = getEnv();
  if (configured?.env !== env) configured = { env, store: storeFor(env) };
  return configured.store;
}

function storeFor(env: Env): ObjectStore {
  return env.S3_ENDPOINT
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
}

/** Tests swap in a store (a failing one, or one backed by s3rver); null goes back to the configured one. */
export function setObjectStore(next: ObjectStore | null) {
  replacement = next;
}
