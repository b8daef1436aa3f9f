import { json } from "@remix-run/node";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { panelSearch } from "~/modules/property/urls";
import { removePropertyStakeholders, setPropertyStakeholders } from "~/modules/links/links.server";
import { linkRemovedMessage } from "~/modules/links/link-rules";
import { AppError, FieldError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import type { DuplicateCandidate } from "./duplicate-matching";
import { linkedMessage } from "./form-values";
import { LINK_STAKEHOLDERS_FORM, PROPERTY_FORM } from "./form-ids";
import { createProperty, updateProperty } from "./property.server";
import { LinkStakeholdersSchema, propertyFormValidator } from "./schemas";
import { parseRecordId, requireRecordId } from "~/utils/record-id";

/** A create that found likely duplicates: the page shows them with the submitted values. */
export type DuplicateData = { duplicates: DuplicateCandidate[]; submitted: Record<string, string> };

/** Back to the list the form was opened from (`returnTo` holds its query), with `open` as the open panel. */
function returnPath(returnTo: FormDataEntryValue | null, open: Record<string, string | number> = {}) {
  const search = typeof returnTo === "string" && returnTo.startsWith("?") ? returnTo : "?";
  return `/properties${panelSearch(search, open)}`.replace(/\?$/, "");
}

/**
 * The POSTs of /properties (add, edit, link stakeholders). Each resolves the selected project,
 * validates with the shared schema, calls the module function (which checks the permission), and
 * redirects back with the spec's message. A failed save keeps what was typed.
 */
export async function propertiesAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const returnTo = formData.get("returnTo");

  if (intent === "link") {
    const parsed = LinkStakeholdersSchema.safeParse({ propertyId: formData.get("propertyId"), stakeholderIds: formData.getAll("stakeholderIds") });
    if (!parsed.success) throw new AppError(400, "Failed to link stakeholders. Please try again.");
    try {
      const { count } = await setPropertyStakeholders(access, parsed.data.propertyId, parsed.data.stakeholderIds);
      return redirectWithFlash(request, returnPath(returnTo), { kind: "success", title: "Success!", description: linkedMessage(count) });
    } catch (error) {
      // Nothing ticked: the dialog again with the reason beside the checklist (docs/records.md#links).
      const back = returnPath(returnTo, { link: parsed.data.propertyId });
      return errorResponse(error, {
        form: "fields",
        failures: true,
        formId: LINK_STAKEHOLDERS_FORM,
        message: (known) => (known instanceof FieldError ? known.message : "Failed to link stakeholders. Please try again."),
        redirect: (flash) => redirectWithFlash(request, back, flash),
      });
    }
  }

  if (intent === "unlink") {
    // Remove link beside one linked stakeholder: the explicit removal (docs/records.md#links).
    const propertyId = requireRecordId(formData.get("propertyId"), "Property not found");
    const back = returnPath(returnTo, { link: propertyId });
    try {
      const { address, names } = await removePropertyStakeholders(access, propertyId, [parseRecordId(formData.get("stakeholderId")) ?? 0]);
      return redirectWithFlash(request, back, { kind: "success", title: "Link removed", description: linkRemovedMessage(names, [address]) });
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, failure: "Failed to link stakeholders. Please try again.", redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }

  if (intent !== "create" && intent !== "update") throw new AppError(400, "Unknown action");
  const { data, response } = await validateForm(formData, propertyFormValidator, PROPERTY_FORM);
  if (response) return response;
  const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  // A refusal or failure keeps what was typed; a stale edit shows the record as it is now.
  const formError = (error: unknown, failure: string) => errorResponse(error, { form: "summary", failures: true, formId: PROPERTY_FORM, values: submitted, failure });

  if (intent === "create") {
    try {
      const result = await createProperty(access, data, { force: data.force });
      if (result.duplicates) return json({ duplicates: result.duplicates, submitted } satisfies DuplicateData, { status: 409 });
      const description = data.force ? "Property created successfully (ignored duplicates)." : "Property added successfully to your project.";
      return redirectWithFlash(request, returnPath(returnTo, { highlight: result.property.id }), { kind: "success", title: "Success!", description });
    } catch (error) {
      return formError(error, data.force ? "Failed to create property. Please try again." : "Failed to add property. Please try again.");
    }
  }

  const id = requireRecordId(formData.get("id"), "Property not found");
  try {
    await updateProperty(access, id, data, data.version);
    return redirectWithFlash(request, returnPath(returnTo, { highlight: id }), { kind: "success", title: "Success!", description: "Property updated successfully." });
  } catch (error) {
    return formError(error, "Failed to update property. Please try again.");
  }
}
