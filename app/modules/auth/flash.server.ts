import { redirect } from "@remix-run/node";
import type { FlashMessage } from "~/utils/flash";
import { commitSession, getSession, type AppSession } from "./session.server";

/**
 * Redirect after a successful POST, carrying one message for the next page (one at a time, as
 * the spec's toasts). Pass the action's session when it changed it too, so both are saved at once.
 */
export async function redirectWithFlash(request: Request, to: string, flash: FlashMessage, session?: AppSession) {
  const target = session ?? (await getSession(request));
  target.flash("flash", flash);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, target) } });
}

/** Reads (and so consumes) the pending message; the caller must send the returned cookie. */
export async function consumeFlash(request: Request): Promise<{ flash: FlashMessage | null; setCookie: string | null }> {
  const session = await getSession(request);
  const flash = session.get("flash") ?? null;
  if (!flash) return { flash: null, setCookie: null };
  return { flash, setCookie: await commitSession(request, session) };
}
