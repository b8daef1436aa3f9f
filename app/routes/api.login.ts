import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticateWithSso } from "~/modules/auth/sso.server";
import { commitSession, getSession } from "~/modules/auth/session.server";
import { safeRedirectPath } from "~/utils/http.server";

/** Starts single sign-on: remembers where to come back to, then redirects to the identity provider. */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  try {
    await authenticateWithSso(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      if (returnTo !== "/") {
        const session = await getSession(request);
        session.set("returnTo", returnTo);
        thrown.headers.append("Set-Cookie", await commitSession(request, session));
      }
      return thrown;
    }
    throw thrown;
  }
  throw new Response("Unexpected sign-in state", { status: 500 });
}
