import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

export const ORGANIZATION_NAME_MESSAGE = "Please enter an organization name";
export const MISSING_MIGRATION_CHOICE = "Missing Information: Please select both a project and target client";
export const CREATE_CLIENT_FORM_ID = "create-client";
export const MIGRATE_FORM_ID = "migrate-project";

/** Non-blank after trimming (docs/administration.md#subscription). Shared by /subscription and POST /api/client/create. */
export const CreateClientSchema = z.object({
  organizationName: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ required_error: ORGANIZATION_NAME_MESSAGE, invalid_type_error: ORGANIZATION_NAME_MESSAGE })
      .min(1, ORGANIZATION_NAME_MESSAGE)
      .max(200, "Organization name must be at most 200 characters"),
  ),
});
export type CreateClientInput = z.infer<typeof CreateClientSchema>;
export const createClientValidator = withZod(CreateClientSchema);

const recordId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message),
  );

/** Both a project and a target client (sent as a number; docs/administration.md#project-migration). Shared by /project-migration and its /api twin. */
export const MigrateProjectSchema = z.object({
  projectId: recordId(MISSING_MIGRATION_CHOICE),
  targetClientId: recordId(MISSING_MIGRATION_CHOICE),
});
export type MigrateProjectInput = z.infer<typeof MigrateProjectSchema>;
export const migrateProjectValidator = withZod(MigrateProjectSchema);

/** A client id in a URL segment or a form field. */
export const ClientIdSchema = recordId("Client not found");
