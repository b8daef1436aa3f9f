import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Button, Card, Flex, Heading, Text } from "~/components/radix";

export interface ErrorPageProps {
  status: number;
  message?: string | null;
  /** Heading for a 404, e.g. "Property not found". */
  notFoundTitle?: string;
  /** The list to return to, besides the dashboard. */
  back?: { to: string; label: string };
}

const DEFAULT_MESSAGES: Record<number, string> = {
  404: "The page you are looking for does not exist or has been moved.",
  403: "You do not have permission to see this page.",
};

/** The status, a heading and the server's message (AppErrors carry one fit to show), with ways back. */
export function ErrorPage({ status, message, notFoundTitle = "Page Not Found", back }: ErrorPageProps) {
  const heading = status === 404 ? notFoundTitle : status === 403 ? "Access Denied" : "Something went wrong";
  return (
    <Card asChild size="3" className="card--centered">
      <section aria-labelledby="error-page-title">
        <Text as="p" className="error-code">
          {status}
        </Text>
        <Heading as="h1" id="error-page-title" size="6" mb="2">
          {heading}
        </Heading>
        <Text as="p">{message || DEFAULT_MESSAGES[status] || "Please try again. If the problem continues, contact your administrator."}</Text>
        <Flex gap="3" justify="center" wrap="wrap" mt="4">
          {back ? (
            <Button asChild>
              <Link to={back.to}>{back.label}</Link>
            </Button>
          ) : null}
          <Button asChild variant={back ? "outline" : "solid"}>
            <Link to="/">Go to Dashboard</Link>
          </Button>
        </Flex>
      </section>
    </Card>
  );
}

/** What a thrown response (see handleAppErrors) or an unexpected error tells the user. */
export function useRouteErrorDetails(): { status: number; message: string | null } {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return { status: 500, message: null };
  const data: unknown = error.data;
  const message = data && typeof data === "object" && "message" in data ? String((data as { message: unknown }).message) : null;
  return { status: error.status, message };
}

/** Every route's ErrorBoundary: `export const ErrorBoundary = () => <RouteErrorBoundary back={…} />`. */
export function RouteErrorBoundary(props: Omit<ErrorPageProps, "status" | "message">) {
  const { status, message } = useRouteErrorDetails();
  return <ErrorPage status={status} message={message} {...props} />;
}
