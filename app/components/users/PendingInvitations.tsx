import { Form, Link, useLocation } from "@remix-run/react";
import { Badge, Button, Flex, Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, Pagination, PanelDialog } from "~/components/kit";
import { ROLE_LABELS, type Role } from "~/modules/permissions/permissions";
import { INVITATIONS_PAGE_PARAM, userListSearch, userListUrl, userPanelSearch } from "~/modules/users/urls";
import { formatDate } from "~/utils/dates";

export interface InvitationTableRow {
  id: number;
  email: string;
  role: Role;
  projects: string[];
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  clientName: string;
  can: boolean;
}

/**
 * Pending invitations: who was invited, as what, into which projects, by whom and when, with Resend
 * (a plain form) and Cancel (a link to its confirmation). An invitation expires some days after it
 * was sent (docs/administration.md#invitations); Resend sends it anew.
 */
export function PendingInvitations({ invitations, showClient }: { invitations: { rows: InvitationTableRow[]; total: number; page: number; pageSize: number }; showClient: boolean }) {
  const { search } = useLocation();
  const back = userListSearch(search);
  return (
    <section aria-labelledby="invitations-title" className="stack">
      <Heading as="h2" size="5" id="invitations-title">
        Pending Invitations ({invitations.total.toLocaleString("en-AU")})
      </Heading>
      <Text as="p" color="gray" id="invitations-hint">
        An invitation can be accepted, by the person&apos;s first sign-in with that e-mail address, until it expires or is cancelled. Resend sends it again and restarts its expiry.
      </Text>
      {invitations.rows.length ? (
        <DataTable labelledBy="invitations-title" caption={{ text: "Pending invitations, newest first", hidden: true }} className="users-table">
          <TableHeader>
            <TableRow>
              <TableColumnHeaderCell>Email</TableColumnHeaderCell>
              {showClient ? <TableColumnHeaderCell>Client</TableColumnHeaderCell> : null}
              <TableColumnHeaderCell>Role</TableColumnHeaderCell>
              <TableColumnHeaderCell>Projects</TableColumnHeaderCell>
              <TableColumnHeaderCell>Invited by</TableColumnHeaderCell>
              <TableColumnHeaderCell>Sent</TableColumnHeaderCell>
              <TableColumnHeaderCell>Expires</TableColumnHeaderCell>
              <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invitations.rows.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableRowHeaderCell className="cell--text">{invitation.email}</TableRowHeaderCell>
                {showClient ? <TableCell className="cell--text">{invitation.clientName}</TableCell> : null}
                <TableCell>
                  <Badge color="gray">{ROLE_LABELS[invitation.role]}</Badge>
                </TableCell>
                <TableCell className="cell--text">{invitation.projects.length ? invitation.projects.join(", ") : "None"}</TableCell>
                <TableCell className="cell--text">{invitation.invitedBy ?? "Unknown"}</TableCell>
                <TableCell className="cell--nowrap">{formatDate(invitation.createdAt)}</TableCell>
                <TableCell className="cell--nowrap">{invitation.expired ? <Badge color="red">Expired {formatDate(invitation.expiresAt)}</Badge> : formatDate(invitation.expiresAt)}</TableCell>
                <TableCell className="cell--nowrap">
                  {invitation.can ? (
                    <Flex gap="3" align="center" wrap="wrap">
                      <Form method="post" className="row-form" preventScrollReset>
                        <input type="hidden" name="intent" value="resend-invitation" />
                        <input type="hidden" name="id" value={invitation.id} />
                        <input type="hidden" name="back" value={back} />
                        <Button type="submit" size="1" variant="soft" aria-label={`Resend the invitation to ${invitation.email}`}>
                          Resend
                        </Button>
                      </Form>
                      <Link to={userPanelSearch(search, { cancelInvitation: invitation.id })} preventScrollReset aria-label={`Cancel the invitation to ${invitation.email}`} className="danger-link">
                        Cancel
                      </Link>
                    </Flex>
                  ) : (
                    <Text color="gray">None</Text>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </DataTable>
      ) : (
        <Text as="p" id="no-invitations">
          {invitations.total ? "There are no invitations on this page." : "No pending invitations."}
        </Text>
      )}
      <Pagination page={invitations.page} pageSize={invitations.pageSize} total={invitations.total} label="Pending invitations" param={INVITATIONS_PAGE_PARAM} />
    </section>
  );
}

/** ?cancelInvitation=ID: the confirmation, its own URL; Keep returns to the list. */
export function CancelInvitationPanel({ invitation }: { invitation: { id: number; email: string; role: Role } }) {
  const { search } = useLocation();
  const closeTo = userListUrl(search);
  return (
    <PanelDialog id="cancel-invitation" title="Cancel Invitation" closeTo={closeTo}>
      <Text as="p">
        Are you sure you want to cancel the invitation to <strong>{invitation.email}</strong> ({ROLE_LABELS[invitation.role]})? Signing in with this address will no longer join your organisation. You
        can invite them again later.
      </Text>
      <Form method="post" action={closeTo}>
        <input type="hidden" name="intent" value="cancel-invitation" />
        <input type="hidden" name="id" value={invitation.id} />
        <input type="hidden" name="back" value={userListSearch(search)} />
        {/* Not FormActions: its "Cancel" link would sit beside "Cancel Invitation" and mean the opposite. */}
        <Flex className="button-row" gap="2" wrap="wrap">
          <Button type="submit" color="red">
            Cancel Invitation
          </Button>
          <Button asChild variant="outline" color="gray">
            <Link to={closeTo} preventScrollReset>
              Keep Invitation
            </Link>
          </Button>
        </Flex>
      </Form>
    </PanelDialog>
  );
}
