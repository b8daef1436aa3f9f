import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";

/** The dashboard's project selector (also accepted by POST /api/projects/select). */
export const SelectProjectSchema = z.object({
  projectId: z
    .string({ required_error: "Select a project" })
    .trim()
    .min(1, "Select a project")
    .regex(/^\d{1,9}$/, "Please select a valid project first"),
});
export const selectProjectValidator = withZod(SelectProjectSchema);
