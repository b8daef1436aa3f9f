/**
 * The POSTs of /user-management, intent by intent: invite, role, status, delete, projects, and
 * resend-invitation / cancel-invitation (no /api call of the spec covers invitations). The module
 * functions check manageUsers and the rules; a refusal a manager can meet (a role they may not give,
 * a full project, an address already in use) comes back as a form error or a flash message, while a
 * role without manageUsers (403) and another client's user (404) end the request (errorPlacement).
 */
import { requireUser } from "~/modules/access/current-user.server";
import { FORM_ERROR } from "~/utils/form-state";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { publicBaseUrl } from "./base-url.server";
import { INVITE_FORM_ID, inviteValidator, MEMBERS_FORM_ID, membersValidator, RoleChangeSchema, StatusChangeSchema } from "./schemas";
import { userListUrl } from "./urls";
import { cancelInvitation, inviteUser, resendInvitation } from "./invitations.server";
import { setUserProjects } from "./user-projects.server";
import { deleteUser, updateUser } from "./users.server";
import { errorResponse } from "~/utils/http.server";
import { USER_MESSAGES, userDisplayName } from "./user-rules";

/** The list the user came from (page, client filter), every panel closed. */
function backTo(form: FormData): string {
  const back = form.get("back");
  return userListUrl(typeof back === "string" && back.startsWith("?") ? back : "?");
}

function submitted(form: FormData) {
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
}

export async function userManagementAction(request: Request): Promise<Response> {
  const actor = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = backTo(form);
  const id = form.get("id");

  if (intent === "invite") {
    const { data, response } = await validateForm(form, inviteValidator, INVITE_FORM_ID);
    if (response) return response;
    try {
      const invitation = await inviteUser(actor, data, { baseUrl: publicBaseUrl(request) });
      return redirectWithFlash(request, back, { kind: "success", title: USER_MESSAGES.invited, description: invitation.email });
    } catch (error) {
      return errorResponse(error, {
        form: "summary",
        formId: INVITE_FORM_ID,
        values: submitted(form),
        // Only a system admin's form has the client field.
        field: (refused) => (refused.code === "INVALID_CLIENT" && actor.role === "system_admin" ? "clientId" : FORM_ERROR),
        message: (refused, field) => (field === FORM_ERROR ? `${USER_MESSAGES.inviteFailed}: ${refused?.message}` : (refused?.message ?? "")),
      });
    }
  }

  if (intent === "projects") {
    const { data, response } = await validateForm(form, membersValidator, MEMBERS_FORM_ID);
    if (response) return response;
    try {
      const result = await setUserProjects(actor, id, data.projectIds);
      return redirectWithFlash(request, back, { kind: "success", title: USER_MESSAGES.membersUpdated, description: userDisplayName(result.user) });
    } catch (error) {
      return errorResponse(error, { form: "summary", formId: MEMBERS_FORM_ID, values: submitted(form) });
    }
  }

  if (intent === "role" || intent === "status") {
    const parsed = intent === "role" ? RoleChangeSchema.safeParse({ systemRole: form.get("systemRole") }) : StatusChangeSchema.safeParse({ isActive: form.get("isActive") });
    if (!parsed.success) return redirectWithFlash(request, back, { kind: "error", title: USER_MESSAGES.updateFailed, description: parsed.error.issues[0]?.message ?? "Invalid input" });
    try {
      const user = await updateUser(actor, id, parsed.data);
      const what = intent === "role" ? `Role changed for ${userDisplayName(user)}` : `${userDisplayName(user)} is now ${user.isActive ? "active" : "inactive"}`;
      return redirectWithFlash(request, back, { kind: "success", title: USER_MESSAGES.updated, description: what });
    } catch (error) {
      return errorResponse(error, { form: "none", title: USER_MESSAGES.updateFailed, redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }

  if (intent === "delete") {
    try {
      const { name } = await deleteUser(actor, id);
      return redirectWithFlash(request, back, { kind: "success", title: USER_MESSAGES.deleted, description: name });
    } catch (error) {
      return errorResponse(error, { form: "none", title: USER_MESSAGES.deleteFailed, redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }

  if (intent === "resend-invitation" || intent === "cancel-invitation") {
    const resend = intent === "resend-invitation";
    try {
      const invitation = resend ? await resendInvitation(actor, id, { baseUrl: publicBaseUrl(request) }) : await cancelInvitation(actor, id);
      return redirectWithFlash(request, back, { kind: "success", title: resend ? USER_MESSAGES.invitationResent : USER_MESSAGES.invitationCancelled, description: invitation.email });
    } catch (error) {
      return errorResponse(error, { form: "none", title: resend ? USER_MESSAGES.resendFailed : USER_MESSAGES.cancelFailed, redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }

  throw new AppError(400, "Unknown action");
}
