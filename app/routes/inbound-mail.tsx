import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { EmptyState, NoProjectSelected, PageHeader, Pagination, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { InboxTable } from "~/components/inbound-mail/InboxTable";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadInboxPage } from "~/modules/inbound-mail/review-page.server";
import { INBOX_PATH } from "~/modules/inbound-mail/urls";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Mail inbox" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadInboxPage(access, new URL(request.url)));
  });

const EMPTY: Record<string, string> = {
  review: "Nothing waits for review: mail to the project's address from known stakeholders and members is recorded by itself.",
  recorded: "No message has been recorded from this inbox yet.",
  rejected: "No message has been rejected.",
};

export default function InboundMailPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Mail inbox" subtitle="No project selected" />
        <NoProjectSelected what="inbound mail" />
      </div>
    );
  }
  const { list, status } = data;
  const current = data.statuses.find((s) => s.value === status)!;
  return (
    <div className="stack">
      <PageHeader title="Mail inbox" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to={`/projects/${data.project.id}/phases/inbound-mail`}>Inbound e-mail settings</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <nav className="tabs" aria-label="Messages by status">
        {data.statuses.map((s) => (
          <Link key={s.value} to={s.value === "review" ? INBOX_PATH : `${INBOX_PATH}?status=${s.value}`} aria-current={s.value === status ? "page" : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      {list.rows.length === 0 ? (
        <EmptyState id="no-messages-title" title={`No messages ${current.label.toLowerCase()}`}>
          {EMPTY[status]}
        </EmptyState>
      ) : (
        <InboxTable rows={list.rows} timeZone={data.timeZone} caption={`Messages ${current.label.toLowerCase()}`} />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label="Messages" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Message not found" back={{ to: INBOX_PATH, label: "Back to Mail inbox" }} />;
