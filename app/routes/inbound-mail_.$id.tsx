import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { NoProjectSelected, PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AcceptForms, InboxMessageDetails, RejectSection } from "~/components/inbound-mail/InboxMessage";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { inboxMessageAction } from "~/modules/inbound-mail/review-actions.server";
import { loadInboxMessagePage } from "~/modules/inbound-mail/review-page.server";
import { INBOX_PATH, listSearch } from "~/modules/inbound-mail/urls";
import { INBOX_STATUS_LABELS, type InboxStatus } from "~/modules/inbound-mail/review-view";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Mail inbox message" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadInboxMessagePage(access, params.id, new URL(request.url)));
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => inboxMessageAction(request, params.id));

export default function InboundMailMessagePage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Mail inbox" subtitle="No project selected" />
        <NoProjectSelected what="inbound mail" />
      </div>
    );
  }
  const { message } = data;
  const statusLabel = INBOX_STATUS_LABELS[message.status as InboxStatus] ?? message.status;
  return (
    <div className="stack">
      <PageHeader title={message.subject || "(no subject)"} subtitle={`${statusLabel} · ${data.project.name}`}>
        <Button asChild variant="outline">
          <Link to={message.status === "review" ? INBOX_PATH : `${INBOX_PATH}?status=${message.status}`}>Back to Mail inbox</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <InboxMessageDetails message={message} timeZone={data.timeZone} />
      {data.canAct ? (
        <>
          <AcceptForms message={message} find={data.find} matches={data.matches} limit={data.matchLimit} />
          <RejectSection id={message.id} confirming={data.confirmingReject} search={listSearch(search)} />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Message not found" back={{ to: INBOX_PATH, label: "Back to Mail inbox" }} />;
