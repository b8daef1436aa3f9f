import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authenticateWithSso } from "~/modules/auth/sso.server";
import { createSignedInSession, getSession } from "~/modules/auth/session.server";
import { signInFromSso } from "~/modules/auth/sign-in.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/utils/flash.server";
import { safeRedirectPath } from "~/utils/http.server";

/** The identity provider sends the browser back here with a code; we sign the user in. */
export async function loader({ request }: LoaderFunctionArgs) {
  let profile;
  try {
    profile = await authenticateWithSso(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("Single sign-on failed:", error instanceof Error ? error.message : error);
    return redirectWithFlash(request, "/", { kind: "error", title: "Sign-in failed", description: "Single sign-on did not complete. Please try again." });
  }
  try {
    const user = await signInFromSso(profile);
    const returnTo = safeRedirectPath((await getSession(request)).get("returnTo"), "/");
    const cookie = await createSignedInSession(request, user.id);
    const headers = new Headers({ "Set-Cookie": cookie });
    // The state cookie of the flow is spent.
    headers.append("Set-Cookie", "lr_oauth=; Path=/api; Max-Age=0; HttpOnly; SameSite=Lax");
    return redirect(returnTo, { headers });
  } catch (error) {
    if (error instanceof AppError) return redirectWithFlash(request, "/", { kind: "error", title: "Sign-in refused", description: error.message });
    throw error;
  }
}
