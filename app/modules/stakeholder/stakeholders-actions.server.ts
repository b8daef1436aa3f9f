import { json } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { FORM_ERROR } from "~/utils/form-state";
import { panelSearch } from "~/modules/stakeholder/urls";
import { recordEngagement } from "~/modules/engagement/engagement.server";
import { engagementValidator } from "~/modules/engagement/schemas";
import { NO_PROJECT_FOR_ENGAGEMENT } from "~/modules/engagement/engagement-types";
import { removeStakeholderProperties, setStakeholderProperties } from "~/modules/links/links.server";
import { linkRemovedMessage } from "~/modules/links/link-rules";
import { AppError, FieldError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { CONTACT_FORM, ENGAGEMENT_FORM, LINK_PROPERTIES_FORM, STAKEHOLDER_FORM } from "./form-ids";
import { errorResponse } from "~/utils/http.server";
import { LinkPropertiesSchema, stakeholderContactValidator, stakeholderValidator } from "./schemas";
import { createStakeholder, updateStakeholder } from "./stakeholder.server";
import { parseRecordId } from "~/utils/record-id";

/** Edit Contact Details' messages (docs/records.md#contact-details). */
export const CONTACT_UPDATED = "Contact details updated successfully";
export const CONTACT_FAILED = "Failed to update contact details";

/** What the form posted, to show again. */
const submitted = (formData: FormData) => Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

/**
 * The POSTs of /stakeholders (add, edit, link properties, record an engagement). Each resolves the
 * selected project, validates with the shared schema, calls the module function (which checks the
 * permission: a viewer gets 403), and redirects back to the list with the spec's message. A caught
 * error goes where `errorPlacement` says (the form, a flash, or the error page for a 403 or 404).
 */

/** Back to the list the form was posted from, with `open` (if any) as the one open panel. */
function listUrl(request: Request, open: Record<string, string | number> = {}) {
  return `/stakeholders${panelSearch(new URL(request.url).search, open)}`.replace(/\?$/, "");
}

export async function stakeholdersAction(request: Request): Promise<Response> {
  // Signed in and a member first: the body is read only for someone allowed to send it.
  const access = await getSelectedProjectAccess(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!access) {
    if (intent === "record-interaction") {
      return validationError({ formId: ENGAGEMENT_FORM, fieldErrors: { [FORM_ERROR]: NO_PROJECT_FOR_ENGAGEMENT } });
    }
    throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  }

  switch (intent) {
    case "create":
    case "update": {
      const { data, response } = await validateForm(formData, stakeholderValidator, STAKEHOLDER_FORM);
      if (response) return response;
      const creating = intent === "create";
      try {
        // An unticked checkbox is simply absent from the form.
        const input = { ...data, isActive: formData.get("isActive") === "on" };
        const saved = creating ? await createStakeholder(access, input) : await updateStakeholder(access, parseRecordId(formData.get("id")), input);
        return redirectWithFlash(request, listUrl(request, { highlight: saved.id }), {
          kind: "success",
          title: "Success!",
          description: creating ? "Stakeholder added successfully to your community database." : "Stakeholder updated successfully.",
        });
      } catch (error) {
        // A stale edit shows the record as it is now; a failure keeps what was typed.
        return errorResponse(error, { form: "summary", failures: true, formId: STAKEHOLDER_FORM, values: submitted(formData), failure: "Failed to add stakeholder. Please try again." });
      }
    }
    case "update-contact": {
      // The summary's title says the spec's failure text whatever went wrong (a field, a stale version, a failure).
      const id = parseRecordId(formData.get("id"));
      const result = await stakeholderContactValidator.validate(formData);
      if (result.error) return json({ formId: CONTACT_FORM, title: CONTACT_FAILED, fieldErrors: result.error.fieldErrors, repopulateFields: submitted(formData) }, { status: 422 });
      try {
        await updateStakeholder(access, id, result.data);
        return redirectWithFlash(request, listUrl(request, { highlight: id ?? 0 }), { kind: "success", title: "Success!", description: CONTACT_UPDATED });
      } catch (error) {
        return errorResponse(error, { form: "summary", failures: true, formId: CONTACT_FORM, values: submitted(formData), failure: CONTACT_FAILED, data: { title: CONTACT_FAILED } });
      }
    }
    case "link-properties": {
      const stakeholderId = parseRecordId(formData.get("stakeholderId"));
      const parsed = LinkPropertiesSchema.safeParse({ propertyIds: formData.getAll("propertyIds") });
      try {
        if (!parsed.success) throw new AppError(400, "Invalid property selection");
        const { name, count } = await setStakeholderProperties(access, stakeholderId ?? 0, parsed.data.propertyIds);
        return redirectWithFlash(request, listUrl(request, { highlight: stakeholderId ?? 0 }), {
          kind: "success",
          title: "Success!",
          description: `Updated property links for ${name}. Linked to ${count} properties.`,
        });
      } catch (error) {
        // Nothing ticked: the dialog again with the reason beside the checklist (docs/records.md#links).
        // Refused or not in this project (another client's id): the error page, as for an edit.
        const back = listUrl(request, { link: stakeholderId ?? 0 });
        return errorResponse(error, {
          form: "fields",
          failures: true,
          formId: LINK_PROPERTIES_FORM,
          message: (known) => (known instanceof FieldError ? known.message : "Failed to update property links"),
          redirect: (flash) => redirectWithFlash(request, back, flash),
        });
      }
    }
    case "unlink-property": {
      const stakeholderId = parseRecordId(formData.get("stakeholderId"));
      const back = listUrl(request, { link: stakeholderId ?? 0 });
      try {
        const { name, addresses } = await removeStakeholderProperties(access, stakeholderId ?? 0, [parseRecordId(formData.get("propertyId")) ?? 0]);
        return redirectWithFlash(request, back, { kind: "success", title: "Link removed", description: linkRemovedMessage([name], addresses) });
      } catch (error) {
        return errorResponse(error, { form: "none", failures: true, failure: "Failed to update property links", redirect: (flash) => redirectWithFlash(request, back, flash) });
      }
    }
    case "record-interaction": {
      const stakeholderId = parseRecordId(formData.get("stakeholderId"));
      const { data, response } = await validateForm(formData, engagementValidator, ENGAGEMENT_FORM);
      if (response) return response;
      try {
        await recordEngagement(access, stakeholderId, data);
        return redirectWithFlash(request, listUrl(request, { interactions: stakeholderId ?? 0 }), { kind: "success", title: "Success!", description: "Interaction recorded." });
      } catch (error) {
        const back = listUrl(request, { interact: stakeholderId ?? 0 });
        return errorResponse(error, {
          form: "none",
          failures: true,
          message: (known) => known?.message ?? "Failed to record interaction. Please try again.",
          redirect: (flash) => redirectWithFlash(request, back, flash),
        });
      }
    }
    default:
      throw new AppError(400, "Unknown action");
  }
}
