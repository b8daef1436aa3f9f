import { createCookie, redirect } from "@remix-run/node";
import type { FlashMessage } from "~/utils/flash";
import { getEnv } from "~/utils/env.server";
import { usesSecureCookies } from "~/utils/http.server";
import { getSessionSecret } from "~/utils/secrets.server";
import { commitSession, getSession, type AppSession } from "./session.server";

/**
 * A message for a visitor who has no session (a failed sign-in, a stray /api/callback) rides in a
 * short-lived signed cookie instead: anyone can send those requests, and an anonymous request must
 * not be able to write a session row (docs/access.md#anonymous-requests-write-nothing).
 */
const ANONYMOUS_FLASH_SECONDS = 60;

function anonymousFlashCookie(request: Request) {
  const secure = usesSecureCookies(request);
  return createCookie(secure ? "__Host-lr_flash" : "lr_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ANONYMOUS_FLASH_SECONDS,
    secure,
    secrets: [getSessionSecret(getEnv())],
  });
}

const FLASH_KINDS: readonly unknown[] = ["success", "error", "info"] satisfies FlashMessage["kind"][];
const isFlash = (value: unknown): value is FlashMessage =>
  typeof value === "object" && value !== null && FLASH_KINDS.includes((value as FlashMessage).kind) && typeof (value as FlashMessage).title === "string";

/**
 * Redirect after a successful POST, carrying one message for the next page (one at a time, as
 * the spec's toasts). Pass the action's session when it changed it too, so both are saved at once.
 */
export async function redirectWithFlash(request: Request, to: string, flash: FlashMessage, session?: AppSession) {
  const target = session ?? (await getSession(request));
  if (!target.id && !target.has("userId")) {
    return redirect(to, { headers: { "Set-Cookie": await anonymousFlashCookie(request).serialize(flash) } });
  }
  target.flash("flash", flash);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, target) } });
}

/** Reads (and so consumes) the pending message; the caller must send the returned cookie. */
export async function consumeFlash(request: Request): Promise<{ flash: FlashMessage | null; setCookie: string | null }> {
  const session = await getSession(request);
  const flash = session.get("flash") ?? null;
  if (flash) return { flash, setCookie: await commitSession(request, session) };
  // Only a visitor without a session reads the cookie: once signed in, a failed attempt's message is stale.
  if (session.id) return { flash: null, setCookie: null };
  const cookie = anonymousFlashCookie(request);
  const stored: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (!isFlash(stored)) return { flash: null, setCookie: null };
  const { kind, title, description } = stored;
  return { flash: { kind, title, ...(typeof description === "string" ? { description } : {}) }, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}
