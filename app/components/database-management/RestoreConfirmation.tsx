import { Form, useNavigation } from "@remix-run/react";
import { Callout, DataList, Text } from "~/components/radix";
import { FormActions, TextField } from "~/components/kit";
import { formatBytes } from "~/modules/document/file-types";
import type { RestoreConfirmation } from "~/modules/database-management/restore.server";
import { RESTORE_FORM_ID } from "~/modules/database-management/schemas";
import { formatDateTime } from "~/utils/dates";

/** What a restore puts back and replaces, and the project name to type (docs/administration.md#restore-points). */
export function RestoreConfirmationForm({ point, cancelTo }: { point: RestoreConfirmation; cancelTo: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="stack">
      <DataList.Root aria-label="Restore point">
        <DataList.Item>
          <DataList.Label>Project</DataList.Label>
          <DataList.Value>
            {point.projectName} (ID {point.projectId}){point.projectExists ? "" : ", deleted"}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Saved</DataList.Label>
          <DataList.Value>{formatDateTime(point.createdAt)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Before</DataList.Label>
          <DataList.Value>{point.reasonLabel}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Size</DataList.Label>
          <DataList.Value>{formatBytes(point.fileSize)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {point.restorable ? (
        <>
          <Callout.Root color="red" role="note">
            <Callout.Text>
              {point.projectExists
                ? "Every record of this project is replaced by the restore point's: stakeholders, properties, engagements, documents, templates, forms and members added or changed since it was saved are replaced. The project's current state is saved as a restore point first, and the activity log is kept."
                : "The deleted project comes back with its records, documents, templates, forms and members as they were when the point was saved."}{" "}
              Other projects are not touched.
            </Callout.Text>
          </Callout.Root>
          <Form method="post" noValidate className="stack">
            <TextField name="confirmation" formId={RESTORE_FORM_ID} label={`Type the project name "${point.projectName}" to confirm`} autoComplete="off" required />
            <FormActions submitLabel="Restore" cancelTo={cancelTo} busy={busy} busyLabel="Restoring…" />
          </Form>
        </>
      ) : (
        <Text as="p">This restore point was saved before restores were checked, so it can only be downloaded.</Text>
      )}
    </div>
  );
}
