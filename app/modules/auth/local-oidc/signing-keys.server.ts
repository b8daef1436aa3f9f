import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SigningKeySet {
  keys: Array<Record<string, unknown>>;
}

/**
 * The provider's RS256 signing key, generated on first start and kept in `jwksPath` so ID tokens
 * stay verifiable across restarts. The file is created with a hard link from a temporary file, so
 * two servers starting at once over the same data folder end up with the same key.
 */
export function loadOrCreateSigningKeys(jwksPath: string): SigningKeySet {
  const existing = readKeySet(jwksPath);
  if (existing) return existing;

  fs.mkdirSync(path.dirname(jwksPath), { recursive: true });
  const generated: SigningKeySet = { keys: [generateRs256Key()] };
  const temporary = `${jwksPath}.${process.pid}.${crypto.randomUUID()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(generated, null, 2), { mode: 0o600 });
  try {
    fs.linkSync(temporary, jwksPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const stored = readKeySet(jwksPath);
  if (!stored) throw new Error(`The local OpenID Connect signing key at ${jwksPath} is unreadable`);
  return stored;
}

function readKeySet(jwksPath: string): SigningKeySet | undefined {
  let text: string;
  try {
    text = fs.readFileSync(jwksPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<SigningKeySet>;
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) {
    throw new Error(`${jwksPath} holds no signing keys; delete it to have a new key generated`);
  }
  return { keys: parsed.keys };
}

function generateRs256Key(): Record<string, unknown> {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  // RFC 7638 thumbprint as the key id, so the id changes only when the key does.
  const thumbprint = crypto
    .createHash("sha256")
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest("base64url");
  return { ...jwk, kid: thumbprint, alg: "RS256", use: "sig" };
}
