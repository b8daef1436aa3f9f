import type { ActionFunctionArgs } from "@remix-run/node";
import { Button, Card, Heading, Text } from "~/components/radix";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { signOutAction } from "~/modules/auth/sign-out.server";

export const handle = { pageTitle: "Sign out" };

/**
 * POST signs out (see sign-out.server.ts). GET only shows the page with the button, so a link or an
 * image elsewhere cannot sign anyone out.
 */
export const action = ({ request }: ActionFunctionArgs) => signOutAction(request);

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
