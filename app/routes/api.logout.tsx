import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Button, Card, Heading, Text } from "@radix-ui/themes";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { User } from "~db/entities/User";
import { refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { destroySession, getSession } from "~/modules/auth/session.server";
import { clearOAuthCookies, endSessionUrl } from "~/modules/auth/sso.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

export const handle = { pageTitle: "Sign out" };

/**
 * POST signs out: the session ends, sign-in state cookies go, the sign-out is audited, and the
 * browser goes on to the identity provider's end-session endpoint (when it has one) so the
 * provider's session ends too. GET only shows the page with the button, so a link or an image
 * elsewhere cannot sign anyone out.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
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
      console.warn("Could not reach the identity provider for sign-out:", error instanceof Error ? error.message : error);
    }
    return redirect(location, { headers });
  });

export default function SignOutPage() {
  return (
    <Card size="3">
      <Heading as="h1" size="6" mb="3">
        Sign out
      </Heading>
      <Text as="p" mb="4">
        Signing out ends your session in Land Liaison Records. If your organisation&apos;s sign-in service supports it, you will be signed out there too.
      </Text>
      <form method="post" action="/api/logout">
        <Button type="submit" size="3">
          Sign out
        </Button>
      </form>
    </Card>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary />;
