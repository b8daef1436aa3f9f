const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a URL may carry sign-in traffic: https, or plain http only to this very machine
 * (localhost, 127.0.0.1, ::1), where nothing travels over a network.
 */
export function isHttpsOrLoopback(value: string): boolean {
  const url = URL.parse(value);
  if (!url) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
}

/** An issuer as configured or as published, without the trailing slash some providers add. */
export function normaliseIssuer(value: string): string {
  return value.trim().replace(/\/+$/, "");
}
