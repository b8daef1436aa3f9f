import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MailDeliveryTiles, UndeliveredMailList } from "~/components/mail/MailDelivery";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { mailDeliveryAction } from "~/modules/mail/delivery-actions.server";
import { loadMailDeliveryPage } from "~/modules/mail/undelivered.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Mail Delivery" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await loadMailDeliveryPage(user, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => mailDeliveryAction(request));

export default function MailDeliveryPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Mail Delivery" subtitle="Messages the mail server has not accepted yet: tried again on their own with growing delays, or given up." />
      <div className="stack">
        <MailDeliveryTiles data={data} />
        <UndeliveredMailList data={data} />
      </div>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
