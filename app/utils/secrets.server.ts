import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";

/**
 * SESSION_SECRET when configured (required for several app servers); otherwise a random secret
 * created once under DATA_DIR, so a laptop install keeps its sessions across restarts.
 */
export function getSessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  // Read once per environment: anonymous pages ask for it on every request (their flash cookie).
  let secret = fileSecrets.get(env);
  if (secret === undefined) {
    secret = readOrCreateSecret(env.dataDir);
    fileSecrets.set(env, secret);
  }
  return secret;
}

const fileSecrets = new WeakMap<Env, string>();

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A stable sub-key for one purpose (e.g. the local provider's client secret) derived from the session secret. */
export function deriveSecret(env: Env, purpose: string): string {
  return crypto.createHmac("sha256", getSessionSecret(env)).update(purpose).digest("base64url");
}
