import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from "@remix-run/react";
import appStyles from "~/styles/app.css";
import { FlashRegion } from "~/components/layout/FlashRegion";
import { NavBar } from "~/components/layout/NavBar";
import { useDelegatedClientNavigation } from "~/components/layout/client-navigation";
import { ErrorPage, useRouteErrorDetails } from "~/components/layout/RouteErrorBoundary";
import { useNonce } from "~/components/layout/nonce";
import { usePageHasFormErrors } from "~/components/kit";
import { layoutResponse } from "~/modules/layout/layout.server";
import { handleAppErrors } from "~/utils/http.server";

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%233e63dd'/%3E%3Cpath d='M6 22 L13 12 L18 18 L21 14 L26 22 Z' fill='%23fff'/%3E%3C/svg%3E";

export const links: LinksFunction = () => [
  // Inline, so no page spends a request (and its ~1 KB of headers) on the icon; public/favicon.svg is the same image for other uses.
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
  { rel: "stylesheet", href: appStyles },
];

// An error page that asks to come back later says when (a 503 while the database is away).
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

// Through handleAppErrors so that a database that is away is a 503 page, not a 500 (docs/operations.md#when-the-database-goes-away).
export const loader = ({ request }: LoaderFunctionArgs) => handleAppErrors(() => layoutResponse(request));

/** Route modules name their page with `handle.pageTitle` (a string or a function of their loader data). */
export interface RouteHandle {
  pageTitle?: string | ((data: unknown) => string);
  /** Routes that need no client script at all can opt out of hydration. */
}

const APP_NAME = "Land Liaison Records";

function usePageTitle() {
  const matches = useMatches();
  const hasErrors = usePageHasFormErrors();
  const leaf = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.pageTitle);
  const title = (leaf?.handle as RouteHandle | undefined)?.pageTitle;
  const name = typeof title === "function" ? title(leaf?.data) : title;
  const full = name ? `${name} - ${APP_NAME}` : APP_NAME;
  // A screen whose GET form failed says so itself (its loader data); never prefix twice.
  return hasErrors && !full.startsWith("Error: ") ? `Error: ${full}` : full;
}

/**
 * What Radix Themes' <Theme accentColor="indigo" grayColor="gray" radius="medium" hasBackground={false}>
 * renders, written out: the theme's styles hang off these attributes, while the component itself
 * would ship ~24 KB of client script (context, appearance switching) that no page uses.
 */
function RadixThemesRoot({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="radix-themes"
      data-is-root-theme="true"
      data-accent-color="indigo"
      data-gray-color="gray"
      data-has-background="false"
      data-panel-background="translucent"
      data-radius="medium"
      data-scaling="100%"
    >
      {children}
    </div>
  );
}

function Document({ children, title }: { children: React.ReactNode; title: string }) {
  const nonce = useNonce();
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <RadixThemesRoot>{children}</RadixThemesRoot>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, nav, flash } = useLoaderData<typeof loader>();
  useDelegatedClientNavigation();
  return (
    <Document title={usePageTitle()}>
      {user && nav ? <NavBar user={user} main={nav.main} tools={nav.tools} admin={nav.admin} switchToSystemAdmin={nav.switchToSystemAdmin} /> : null}
      <FlashRegion flash={flash} />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </Document>
  );
}

export function ErrorBoundary() {
  const { status, message } = useRouteErrorDetails();
  const heading = status === 404 ? "Page Not Found" : status === 403 ? "Access Denied" : "Something went wrong";
  return (
    <Document title={`${status} ${heading} - ${APP_NAME}`}>
      <main id="main" className="page" tabIndex={-1}>
        <ErrorPage status={status} message={message} />
      </main>
    </Document>
  );
}
