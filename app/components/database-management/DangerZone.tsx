import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { FormActions, TextField, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, PanelDialog } from "~/components/kit";
import { formatBytes } from "~/modules/document/file-types";
import { Button, Callout, Card, Heading, Text } from "~/components/radix";
import type { DatabaseStats } from "~/modules/database-management/database-management.server";
import { DANGER_ACTION_NAMES, DANGER_ACTIONS, RESTORE_POINT_DAYS, restorePointReasonLabel, type DangerAction } from "~/modules/database-management/danger-zone";
import type { DeletedProjectRestorePointRow, RestorePointRow } from "~/modules/database-management/restore-points.server";
import { DANGER_FORM_ID } from "~/modules/database-management/schemas";
import { databaseManagementUrl, restoreUrl } from "~/modules/database-management/urls";
import { formatDate, formatDateTime } from "~/utils/dates";

function countOf(stats: DatabaseStats, action: DangerAction): number | null {
  const counts = DANGER_ACTIONS[action].counts;
  if (!counts) return null;
  return { stakeholders: stats.totalStakeholders, properties: stats.totalProperties, engagements: stats.totalEngagements }[counts];
}

export const DANGER_BUSY_LABEL = "Working…";

/**
 * The Danger Zone action being submitted (JavaScript only; without it the browser's own navigation shows
 * progress and this is always null): destructive database actions lock while pending (docs/administration.md#danger-zone).
 * Also while the page reloads after the action's redirect, so nothing can be started twice.
 */
function usePendingDanger(): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formData?.get("intent") !== "danger") return null;
  const action = navigation.formData.get("action");
  return typeof action === "string" ? action : "";
}

/** The Danger Zone (system_admin and client_owner): each action opens its typed confirmation. */
export function DangerZone({ stats }: { stats: DatabaseStats }) {
  const { search } = useLocation();
  const pending = usePendingDanger();
  return (
    <Card asChild size="3" className="danger-zone">
      <section aria-labelledby="danger-title" className="stack">
        <Heading as="h2" size="5" id="danger-title" color="red">
          Danger Zone
        </Heading>
        <Text as="p">These actions cannot be undone from this screen. Before each one a restore point (the project&rsquo;s SQL export) is saved and listed below for {RESTORE_POINT_DAYS} days.</Text>
        <ul className="danger-zone__actions">
          {DANGER_ACTION_NAMES.map((action) => {
            const count = countOf(stats, action);
            const label = `${DANGER_ACTIONS[action].label}${count === null ? "" : ` (${count.toLocaleString("en-AU")})`}`;
            return (
              <li key={action}>
                {pending !== null ? (
                  <Button color="red" variant="outline" disabled aria-disabled="true">
                    {pending === action ? DANGER_BUSY_LABEL : label}
                  </Button>
                ) : count === 0 ? (
                  <>
                    <Button color="red" variant="outline" disabled>
                      {label}
                    </Button>{" "}
                    <Text color="gray">Nothing to delete</Text>
                  </>
                ) : (
                  <Button asChild color="red" variant="outline">
                    <Link to={databaseManagementUrl(search, { danger: action })} preventScrollReset>
                      {label}
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}

/** ?danger=ACTION: what goes, and the text to type. A wrong text re-renders this with the error. */
export function DangerPanel({ action }: { action: DangerAction }) {
  const { search } = useLocation();
  const closeTo = databaseManagementUrl(search);
  const info = DANGER_ACTIONS[action];
  const pending = usePendingDanger() !== null;
  return (
    <PanelDialog id="danger-confirm" title={info.label} closeTo={closeTo}>
      <Callout.Root color="red" role="note">
        <Callout.Text>{info.consequence} This action cannot be undone.</Callout.Text>
      </Callout.Root>
      <Form method="post" action={databaseManagementUrl(search, { danger: action })} noValidate className="stack">
        <input type="hidden" name="intent" value="danger" />
        <input type="hidden" name="action" value={action} />
        <TextField name="confirmation" formId={DANGER_FORM_ID} label={`Type ${info.confirmation} to confirm`} autoComplete="off" required />
        <FormActions submitLabel={info.label} cancelTo={closeTo} danger busy={pending} busyLabel={DANGER_BUSY_LABEL} />
      </Form>
    </PanelDialog>
  );
}

/** The columns both restore point tables share, after their own first columns. */
function RestorePointHeaders() {
  return (
    <>
      <TableColumnHeaderCell>Before</TableColumnHeaderCell>
      <TableColumnHeaderCell>Size</TableColumnHeaderCell>
      <TableColumnHeaderCell>Kept until</TableColumnHeaderCell>
      <TableColumnHeaderCell>Download</TableColumnHeaderCell>
      <TableColumnHeaderCell>Restore</TableColumnHeaderCell>
    </>
  );
}

function RestorePointCells({ point, describedAs }: { point: RestorePointRow; describedAs: string }) {
  return (
    <>
      <TableCell>{restorePointReasonLabel(point.reason)}</TableCell>
      <TableCell>{formatBytes(point.fileSize)}</TableCell>
      <TableCell>{formatDate(point.expiresAt)}</TableCell>
      <TableCell>
        <a href={`/database-management/restore-points/${point.id}`} download>
          Download SQL<span className="visually-hidden"> {describedAs}</span>
        </a>
      </TableCell>
      <TableCell>
        <Link to={restoreUrl(point.id)}>
          Restore<span className="visually-hidden"> {describedAs}</span>
        </Link>
      </TableCell>
    </>
  );
}

/** The restore points of the last 30 days, each with its download. */
export function RestorePoints({ points }: { points: RestorePointRow[] }) {
  return (
    <section aria-labelledby="restore-title" className="stack">
      <Heading as="h2" size="5" id="restore-title">
        Restore Points
      </Heading>
      {points.length ? (
        <DataTable labelledBy="restore-title">
          <TableHeader>
            <TableRow>
              <TableColumnHeaderCell>Saved</TableColumnHeaderCell>
              <RestorePointHeaders />
            </TableRow>
          </TableHeader>
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.id}>
                <TableRowHeaderCell>{formatDateTime(point.createdAt)}</TableRowHeaderCell>
                <RestorePointCells point={point} describedAs={`restore point of ${formatDateTime(point.createdAt)}`} />
              </TableRow>
            ))}
          </TableBody>
        </DataTable>
      ) : (
        <Text as="p">No restore points in the last {RESTORE_POINT_DAYS} days.</Text>
      )}
    </section>
  );
}

/**
 * Restore points of the client's deleted projects: no project to select any more, so they are listed
 * here (with or without a project selected) rather than reachable only by their download address.
 */
export function DeletedProjectRestorePoints({ points, showClient }: { points: DeletedProjectRestorePointRow[]; showClient: boolean }) {
  return (
    <section aria-labelledby="deleted-restore-title" className="stack">
      <Heading as="h2" size="5" id="deleted-restore-title">
        Restore Points of Deleted Projects
      </Heading>
      {points.length ? (
        <DataTable labelledBy="deleted-restore-title">
          <TableHeader>
            <TableRow>
              <TableColumnHeaderCell>Project</TableColumnHeaderCell>
              {showClient ? <TableColumnHeaderCell>Client</TableColumnHeaderCell> : null}
              <TableColumnHeaderCell>Saved</TableColumnHeaderCell>
              <RestorePointHeaders />
            </TableRow>
          </TableHeader>
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.id}>
                <TableRowHeaderCell className="cell--text">
                  {point.projectName} <Text color="gray">(ID {point.projectId})</Text>
                </TableRowHeaderCell>
                {showClient ? <TableCell className="cell--text">{point.clientName}</TableCell> : null}
                <TableCell>{formatDateTime(point.createdAt)}</TableCell>
                <RestorePointCells point={point} describedAs={`restore point of ${point.projectName}, ${formatDateTime(point.createdAt)}`} />
              </TableRow>
            ))}
          </TableBody>
        </DataTable>
      ) : (
        <Text as="p">No deleted projects have restore points from the last {RESTORE_POINT_DAYS} days.</Text>
      )}
    </section>
  );
}
