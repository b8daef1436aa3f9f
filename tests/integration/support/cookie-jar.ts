/** A browser's cookie handling, reduced to what sign-in flows need: names, paths and deletion. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const cookiePath = attr("path") ?? "/";
      const expires = attr("expires");
      const removed = attr("max-age") === "0" || (expires !== undefined && Date.parse(expires) <= Date.now()) || value === "";
      const key = `${name};${cookiePath}`;
      if (removed) this.cookies.delete(key);
      else this.cookies.set(key, { value, path: cookiePath });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.slice(0, key.indexOf(";"))}=${c.value}`)
      .join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()].map((key) => key.slice(0, key.indexOf(";")));
  }

  /** For tests that tamper with a cookie. */
  edit(prefix: string, change: (value: string) => string) {
    for (const [key, cookie] of this.cookies) if (key.startsWith(prefix)) cookie.value = change(cookie.value);
  }
}

/** A request as the browser makes it: the jar's cookies go out, redirects are not followed, Set-Cookie comes back in. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  return response;
}
