/**
 * The page policy's image sources (server.ts builds the Content-Security-Policy with them): this
 * site and inline data: only. Profile pictures are served from our own origin, so no identity
 * provider or other third party is ever named here (docs/access.md#profile-pictures).
 */
export const PAGE_IMAGE_SOURCES = ["'self'", "data:"] as const;

/** The origin an XYZ tile template loads from; null when it is not an http(s) URL. */
export function tileOrigin(template: string | undefined): string | null {
  if (!template) return null;
  try {
    const url = new URL(template.replace(/[{}]/g, ""));
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page policy's image sources with a configured tile server: exactly that origin is added, so
 * /map's background tiles load and no other third-party image can (docs/records.md#background-tiles).
 */
export function pageImageSources(tileTemplate: string | undefined): string[] {
  const origin = tileOrigin(tileTemplate);
  return origin ? [...PAGE_IMAGE_SOURCES, origin] : [...PAGE_IMAGE_SOURCES];
}

/**
 * Whether a page at `pageOrigin` may show `<img src={src}>` under these sources. Understands what
 * the policy uses: `'self'` and scheme sources (`data:`, `https:`); anything else allows nothing.
 */
export function imageAllowed(src: string, pageOrigin: string, sources: readonly string[] = PAGE_IMAGE_SOURCES): boolean {
  let url: URL;
  try {
    url = new URL(src, pageOrigin);
  } catch {
    return false;
  }
  return sources.some((source) => {
    if (source === "'self'") return url.origin === new URL(pageOrigin).origin;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return url.protocol === source;
    return false;
  });
}
