import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicGrievanceError, PublicGrievancePage } from "~/components/grievances/PublicGrievanceForm";
import { loadPublicIntakePage, publicIntakeAction } from "~/modules/grievances/public-intake.server";
import styles from "~/styles/public-form.css";
import { handleAppErrors } from "~/utils/http.server";

/**
 * The public grievance form (docs/records.md#public-grievance-form): no sign-in; the token in the
 * address is the only authority. The client's address comes from the server (server.ts puts Express's
 * req.ip, which honours TRUST_PROXY, into the load context) for the per-address limit.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Raise a grievance" };

// Kept out of search engines and caches (the address is the form's only secret); a 429 says when to come back.
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const out = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" });
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => json(await loadPublicIntakePage(request, params.token), { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } }));

export const action = ({ request, params, context }: ActionFunctionArgs) => handleAppErrors(() => publicIntakeAction(request, params.token, (context as { clientAddress?: string }).clientAddress));

export default function PublicGrievanceFormPage() {
  return <PublicGrievancePage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PublicGrievanceError;
