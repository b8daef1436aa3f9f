import { isIP } from "node:net";

/**
 * TRUST_PROXY, as Express's `trust proxy` setting takes it (docs/operations.md#behind-a-proxy):
 *  - "loopback" (the default): only a proxy on this machine is believed;
 *  - a comma-separated list of the names loopback, linklocal, uniquelocal and addresses or subnets
 *    (`10.0.0.0/8`, `fd00::/8`, `203.0.113.7`): X-Forwarded-* is read from those peers only;
 *  - a number: the client is that many hops in front of the app, whoever they are;
 *  - "true" (believe every peer: only where nothing but the proxy can reach the app) or "false".
 * Anything else stops the start with the value it did not understand.
 */
export type TrustProxy = boolean | number | string[];

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (IPv4) a dotted netmask, as proxy-addr accepts.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/** The setting for `app.set("trust proxy", …)`, or an Error naming what is wrong. */
export function parseTrustProxy(value: string): TrustProxy | Error {
  const text = value.trim();
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !NAMES.has(entry) && !isAddressOrSubnet(entry));
  if (wrong.length || !entries.length) {
    return new Error(
      `TRUST_PROXY: ${wrong.map((entry) => JSON.stringify(entry)).join(", ") || "empty"} is not loopback, linklocal, uniquelocal, an IP address or a subnet (or a number of hops, true, false)`,
    );
  }
  return entries;
}
