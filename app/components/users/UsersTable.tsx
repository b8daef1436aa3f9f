import { Form, Link, useLocation } from "@remix-run/react";
import { Badge, Button, Flex, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { ROLE_LABELS, type Role } from "~/modules/permissions/permissions";
import { userListSearch, userPanelSearch } from "~/modules/users/urls";
import { userDisplayName, userInitials } from "~/modules/users/user-rules";
import { formatDate } from "~/utils/dates";

export interface UserTableRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  systemRole: Role;
  isActive: boolean;
  createdAt: string;
  clientName: string | null;
  can: { changeRole: boolean; changeStatus: boolean; remove: boolean; members: boolean; roles: Role[] };
}

/** The System Users table (docs/administration.md#user-management): user, role, status, joined, actions. Every control is a plain form or link. */
export function UsersTable({ users, meId, showClient }: { users: UserTableRow[]; meId: string; showClient: boolean }) {
  const { search } = useLocation();
  const back = userListSearch(search);
  return (
    <DataTable labelledBy="users-title" caption={{ text: "System users, newest first", hidden: true }} className="users-table">
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>User</TableColumnHeaderCell>
          {showClient ? <TableColumnHeaderCell>Client</TableColumnHeaderCell> : null}
          <TableColumnHeaderCell>Role</TableColumnHeaderCell>
          <TableColumnHeaderCell>Status</TableColumnHeaderCell>
          <TableColumnHeaderCell>Joined</TableColumnHeaderCell>
          <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const name = userDisplayName(user);
          return (
            <TableRow key={user.id}>
              <TableRowHeaderCell className="cell--text">
                <Flex gap="2" align="center">
                  {user.profileImageUrl ? (
                    <img className="avatar" src={user.profileImageUrl} alt="" width={32} height={32} />
                  ) : (
                    <span className="avatar avatar--placeholder" aria-hidden="true">
                      {userInitials(user)}
                    </span>
                  )}
                  <span>
                    <Text as="span" weight="bold" className="user-name">
                      {name}
                    </Text>
                    {user.id === meId ? <Text as="span"> (you)</Text> : null}
                    <br />
                    <Text as="span" size="1" color="gray">
                      {user.email}
                    </Text>
                  </span>
                </Flex>
              </TableRowHeaderCell>
              {showClient ? <TableCell className="cell--text">{user.clientName ?? "No client"}</TableCell> : null}
              <TableCell>
                {user.can.changeRole ? (
                  <Form method="post" className="row-form" preventScrollReset>
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={user.id} />
                    <input type="hidden" name="back" value={back} />
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      Role of {name}
                    </label>
                    <select id={`role-${user.id}`} name="systemRole" defaultValue={user.systemRole} className="native-select">
                      {user.can.roles.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                    <Button type="submit" size="1" variant="soft" aria-label={`Change role of ${name}`}>
                      Change
                    </Button>
                  </Form>
                ) : (
                  <Badge color="gray">{ROLE_LABELS[user.systemRole]}</Badge>
                )}
              </TableCell>
              <TableCell>
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge color={user.isActive ? "green" : "gray"}>{user.isActive ? "Active" : "Inactive"}</Badge>
                  {user.can.changeStatus ? (
                    <Form method="post" className="row-form" preventScrollReset>
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="id" value={user.id} />
                      <input type="hidden" name="back" value={back} />
                      <input type="hidden" name="isActive" value={user.isActive ? "false" : "true"} />
                      <Button type="submit" size="1" variant="soft" aria-label={`${user.isActive ? "Deactivate" : "Activate"} ${name}`}>
                        {user.isActive ? "Deactivate" : "Activate"}
                      </Button>
                    </Form>
                  ) : null}
                </Flex>
              </TableCell>
              <TableCell className="cell--nowrap">{formatDate(user.createdAt)}</TableCell>
              <TableCell className="cell--nowrap">
                <Flex gap="3" wrap="wrap">
                  {user.can.members ? (
                    <Link to={userPanelSearch(search, { projects: user.id })} preventScrollReset aria-label={`Projects of ${name}`}>
                      Projects
                    </Link>
                  ) : null}
                  {user.can.remove ? (
                    <Link to={userPanelSearch(search, { delete: user.id })} preventScrollReset aria-label={`Delete ${name}`} className="danger-link">
                      Delete
                    </Link>
                  ) : null}
                </Flex>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </DataTable>
  );
}
