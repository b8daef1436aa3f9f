import { createCookie } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import { safeRedirectPath, usesSecureCookies } from "~/utils/http.server";
import { getSessionSecret } from "~/utils/secrets.server";

/**
 * Where to go after signing in, kept in a short-lived signed cookie scoped to /api (read only by the
 * callback) rather than in a session row: anyone can start a sign-in, and an anonymous request must
 * not be able to write to the database.
 */
const RETURN_TO_SECONDS = 10 * 60;

function returnToCookie(request: Request) {
  return createCookie("lr_return_to", {
    httpOnly: true,
    sameSite: "lax",
    path: "/api",
    maxAge: RETURN_TO_SECONDS,
    secure: usesSecureCookies(request),
    secrets: [getSessionSecret(getEnv())],
  });
}

/** The Set-Cookie that remembers a same-site path for after sign-in (null when it is just "/"). */
export async function rememberReturnTo(request: Request, target: string | null): Promise<string | null> {
  const path = safeRedirectPath(target, "/");
  return path === "/" ? null : returnToCookie(request).serialize(path);
}

/** The remembered path ("/" when none, or when it fails its signature or the redirect check) and the Set-Cookie that clears it. */
export async function takeReturnTo(request: Request): Promise<{ path: string; clear: string }> {
  const cookie = returnToCookie(request);
  const stored: unknown = await cookie.parse(request.headers.get("Cookie"));
  return { path: safeRedirectPath(typeof stored === "string" ? stored : null, "/"), clear: await cookie.serialize("", { maxAge: 0 }) };
}
