import { redirect } from "@remix-run/node";
import { User } from "~db/entities/User";
import { refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { destroySession, getSession } from "./session.server";
import { clearOAuthCookies, endSessionUrl } from "./sso.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { log } from "~/utils/log.server";

/** POST /api/logout; any other method is 405. */
export const signOutAction = (request: Request) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    return signOut(request);
  });

/**
 * Signs out: the session ends, sign-in state cookies go, the sign-out is audited, and the browser
 * goes on to the identity provider's end-session endpoint (when it has one) so the provider's
 * session ends too.
 */
export async function signOut(request: Request): Promise<Response> {
  const session = await getSession(request);
  const userId = session.get("userId");
  const idToken = session.get("idToken");
  const headers = new Headers({ "Set-Cookie": await destroySession(request, session) });
  for (const cookie of clearOAuthCookies(request)) headers.append("Set-Cookie", cookie);
  if (!userId) return redirect("/", { headers });

  const user = await db().findOne(User, { id: userId });
  // Written at once: the request has no unit of work to flush it with.
  await recordSecurityEvent({ userId: user ? userId : null, action: "auth.sign_out", entityType: "User", entityId: userId, clientId: refIdOrNull(user?.client) });
  let location = "/";
  try {
    location = (await endSessionUrl(request, idToken)) ?? "/";
  } catch (error) {
    // The app's own session is gone either way; the provider's may outlive it.
    log.warn({ component: "auth", err: error }, "Could not reach the identity provider for sign-out");
  }
  return redirect(location, { headers });
}
