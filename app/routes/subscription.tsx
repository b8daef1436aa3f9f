import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientList, CreateClientForm } from "~/components/billing/AdminClients";
import { CurrentPlan, PlanCards, Seats, SubscriptionFaq } from "~/components/billing/OwnerSubscription";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { subscriptionAction } from "~/modules/billing/subscription-actions.server";
import { loadSubscriptionPage } from "~/modules/billing/subscription-page.server";
import styles from "~/styles/billing.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Subscription" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await loadSubscriptionPage(request, user));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => subscriptionAction(request));

export default function SubscriptionPage() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "admin") {
    return (
      <>
        <PageHeader title="System Administration" subtitle="Create client organizations, grant free Professional months and apply upgrade requests." />
        <div className="stack">
          <CreateClientForm />
          <ClientList clients={data.clients} total={data.total} page={data.page} pageSize={data.pageSize} />
        </div>
      </>
    );
  }
  const { subscription } = data;
  return (
    <>
      <PageHeader
        title="Subscription"
        subtitle={data.provider === "stripe" ? "Upgrade Now takes you to a secure Stripe checkout." : "Upgrade Now sends an upgrade request to your system administrator."}
      />
      <div className="stack">
        <CurrentPlan subscription={subscription} />
        <Seats seats={data.seats} plan={subscription.subscriptionPlan} />
        <PlanCards plans={data.plans} current={subscription.subscriptionPlan} requested={!!subscription.upgradeRequest} />
        <SubscriptionFaq faq={data.faq} />
      </div>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
