import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { PageHeader, EmptyState, Pagination } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { RoleHierarchy } from "~/components/users/RoleHierarchy";
import { AccessRestricted, ClientFilter, DeleteUserPanel, InviteUserPanel, UserProjectsPanel } from "~/components/users/UserPanels";
import { UsersTable } from "~/components/users/UsersTable";
import { CancelInvitationPanel, PendingInvitations } from "~/components/users/PendingInvitations";
import { requireUser } from "~/modules/access/current-user.server";
import { userManagementAction } from "~/modules/users/user-management-actions.server";
import { loadUserManagementPage } from "~/modules/users/user-management-page.server";
import { userPanelSearch } from "~/modules/users/urls";
import { USER_MESSAGES } from "~/modules/users/user-rules";
import styles from "~/styles/user-management.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "User Management" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await loadUserManagementPage(user, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => userManagementAction(request));

export default function UserManagementPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.allowed) {
    return (
      <>
        <PageHeader title="User Management" />
        <AccessRestricted message={USER_MESSAGES.accessRestricted} />
      </>
    );
  }
  const showClient = data.clients.length > 0;
  return (
    <>
      <PageHeader title="User Management" subtitle="Invite people, set their roles and projects, and deactivate or delete accounts.">
        <Button asChild>
          <Link to={userPanelSearch(search, { invite: 1 })} preventScrollReset>
            Invite User
          </Link>
        </Button>
      </PageHeader>
      {data.invite ? <InviteUserPanel invite={data.invite} clients={data.clients} /> : null}
      {data.deleting ? <DeleteUserPanel user={data.deleting} /> : null}
      {data.projectsOf ? <UserProjectsPanel data={data.projectsOf} /> : null}
      {data.cancelling ? <CancelInvitationPanel invitation={data.cancelling} /> : null}
      <RoleHierarchy cards={data.roleCards} />
      <section aria-labelledby="users-title" className="stack">
        <Heading as="h2" size="5" id="users-title">
          System Users ({data.total.toLocaleString("en-AU")})
        </Heading>
        {showClient ? <ClientFilter clients={data.clients} selected={data.clientFilter} /> : null}
        {data.users.length ? (
          <UsersTable users={data.users} meId={data.me.id} showClient={showClient} />
        ) : (
          <EmptyState id="no-users">{data.total ? "There are no users on this page." : "No users yet. Invite someone to get started."}</EmptyState>
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Users" />
      </section>
      <PendingInvitations invitations={data.invitations} showClient={showClient} />
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="User not found" back={{ to: "/user-management", label: "Back to User Management" }} />;
