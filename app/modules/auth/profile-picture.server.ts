import crypto from "node:crypto";
import dns from "node:dns";
import https from "node:https";
import net from "node:net";
import { sqlOne } from "~db/sql.server";
import { log } from "~/utils/log.server";
import { MAX_PICTURE_BYTES } from "./sso-claims";

/**
 * Profile pictures (docs/access.md#profile-pictures). The identity provider's `picture` URL is
 * fetched once, by the server, when the user signs in; the image is kept in the user's row as a
 * data: URL and the pages show it from our own origin (`PICTURE_PATH`). So the page's CSP stays
 * `img-src 'self' data:`, and the provider never learns who opens which page.
 */
export const PICTURE_PATH = "/api/auth/user/picture";

const FETCH_TIMEOUT_MS = 3_000;
const pictureLog = log.child({ component: "auth" });

type PictureType = "png" | "jpeg" | "gif" | "webp";
const INLINE = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The picture's type by its first bytes (never by what the server says it is), or null. */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  const ascii = (from: number, text: string) => Buffer.from(bytes.subarray(from, from + text.length)).toString("latin1") === text;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  return null;
}

/** The bytes as a data: URL, when they are a PNG, JPEG, GIF or WebP of at most MAX_PICTURE_BYTES. */
export function inlinePicture(bytes: Uint8Array): string | null {
  if (!bytes.length || bytes.length > MAX_PICTURE_BYTES) return null;
  const type = sniffPicture(bytes);
  return type ? `data:image/${type};base64,${Buffer.from(bytes).toString("base64")}` : null;
}

/** A stored data: URL back as its bytes and type, or null when it is not a picture this app keeps. */
export function decodeInlinePicture(stored: string | null | undefined): { type: `image/${PictureType}`; bytes: Buffer } | null {
  const match = stored ? INLINE.exec(stored) : null;
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, "base64");
  const type = sniffPicture(bytes);
  // The bytes must be what the URL says, or the browser is told nothing it could misread.
  return type === match[1] && bytes.length <= MAX_PICTURE_BYTES ? { type: `image/${type}`, bytes } : null;
}

/** Whether a stored value is a kept picture, as current-user.server.ts's SQL asks it (`~ INLINE_PREFIX`). */
export const INLINE_PREFIX = "^data:image/(png|jpeg|gif|webp);base64,";
export const isInlinePicture = (stored: string | null | undefined) => !!stored && new RegExp(INLINE_PREFIX).test(stored);

/** Version of a stored picture for its URL (changes with the picture, so the browser may cache each for long). */
export const pictureVersion = (stored: string) => crypto.createHash("md5").update(stored, "utf8").digest("hex").slice(0, 12);

/** Where a page shows the user's stored picture: our own URL, or null when there is none to show. */
export function shownPictureUrl(stored: { inline: boolean; version: string | null }): string | null {
  return stored.inline && stored.version ? `${PICTURE_PATH}?v=${stored.version}` : null;
}

/** The signed-in user's stored picture. */
export async function readStoredPicture(userId: string): Promise<string | null> {
  const row = await sqlOne<{ picture: string | null }>(`select profile_image_url as picture from "user" where id = ? and is_active = true`, [userId]);
  return row?.picture ?? null;
}

// Never fetched from: this machine, private, shared, link-local, documentation, multicast and
// reserved ranges, and IPv6 forms that can carry an IPv4 address (BlockList itself applies the IPv4
// rules to IPv4-mapped addresses, ::ffff:a.b.c.d).
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, "ipv6");

/** Whether a picture may be fetched from this address: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

type Resolve = (hostname: string, options: { all: true; family?: number }, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection that refuses a name resolving to any non-public address, and
 * connects to the very address it checked (no second resolution an attacker's DNS could change).
 */
export function publicOnlyLookup(resolve: Resolve = dns.lookup as unknown as Resolve) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(Object.assign(new Error("The picture's host is not a public address"), { code: "ENOTPUBLIC" }), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Fetches an https picture URL: a public address only, no redirects, 3 seconds, at most
 * MAX_PICTURE_BYTES, a PNG, JPEG, GIF or WebP by its bytes. The data: URL, or null.
 */
export function fetchPicture(url: string, { lookup = publicOnlyLookup(), timeoutMs = FETCH_TIMEOUT_MS } = {}): Promise<string | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(null);
  }
  if (target.protocol !== "https:") return Promise.resolve(null);
  // A literal address is connected to without any lookup, so it is checked here.
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !isPublicAddress(literal)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: string | null, reason?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // No URL in the log: it may name the person.
      if (reason) pictureLog.info({ reason }, "Profile picture not kept");
      request.destroy();
      resolve(result);
    };
    const request = https.get(target, { lookup: lookup as never, headers: { Accept: "image/png, image/jpeg, image/gif, image/webp" }, agent: false }, (response) => {
      if (response.statusCode !== 200) return finish(null, `status ${response.statusCode}`);
      if (Number(response.headers["content-length"] ?? 0) > MAX_PICTURE_BYTES) return finish(null, "too large");
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_PICTURE_BYTES) return finish(null, "too large");
        chunks.push(chunk);
      });
      response.on("end", () => {
        const picture = inlinePicture(Buffer.concat(chunks));
        finish(picture, picture ? undefined : "not a PNG, JPEG, GIF or WebP");
      });
      response.on("error", () => finish(null, "response failed"));
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish(null, error.code ?? "request failed"));
    const deadline = setTimeout(() => finish(null, "timed out"), timeoutMs);
  });
}

/**
 * What to keep of the provider's picture at sign-in (already passed `pictureFromClaim`): an inline
 * picture as it is, an https one fetched now; undefined when there is nothing to keep, so the
 * picture the user had stays.
 */
export async function pictureToKeep(picture: string | undefined, fetcher: (url: string) => Promise<string | null> = fetchPicture): Promise<string | undefined> {
  if (!picture) return undefined;
  if (picture.startsWith("data:")) return decodeInlinePicture(picture) ? picture : undefined;
  return (await fetcher(picture)) ?? undefined;
}
