/**
 * The POSTs of /user-management, intent by intent: invite, role, status, delete, projects, and
 * resend-invitation / cancel-invitation (no /api call of the spec covers invitations). The module
 * functions check manageUsers and the rules; a refusal a manager can meet (a role they may not give,
 * a full project, an address already in use) comes back as a form error or a flash message, while a
 * role without manageUsers (403) and another client's user (404) end the request.
 */
import { validationError } from "remix-validated-form";
import { requireUser, type CurrentUser } from "~/modules/access/current-user.server";
import { FORM_ERROR } from "~/utils/form-state";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { publicBaseUrl } from "./base-url.server";
import { INVITE_FORM_ID, inviteValidator, MEMBERS_FORM_ID, membersValidator, RoleChangeSchema, StatusChangeSchema } from "./schemas";
import { userListUrl } from "./urls";
import { canManageUsers, USER_MESSAGES, userDisplayName } from "./user-rules";
import { cancelInvitation, inviteUser, resendInvitation } from "./invitations.server";
import { MEMBER_LIMIT_CODE, setUserProjects } from "./user-projects.server";
import { deleteUser, updateUser } from "./users.server";

/** The list the user came from (page, client filter), every panel closed. */
function backTo(form: FormData): string {
  const back = form.get("back");
  return userListUrl(typeof back === "string" && back.startsWith("?") ? back : "?");
}

/** A refusal the screen reports (the rules' 403s, 400, 409) when the actor manages users at all. */
function isReportable(actor: CurrentUser, error: unknown): error is AppError {
  return error instanceof AppError && canManageUsers(actor.role) && [400, 403, 409].includes(error.status);
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
      if (!(error instanceof AppError) || error.status >= 500 || !canManageUsers(actor.role)) throw error;
      const field = error.status === 409 ? "email" : error.code === "INVALID_CLIENT" && actor.role === "system_admin" ? "clientId" : FORM_ERROR;
      return validationError({ formId: INVITE_FORM_ID, fieldErrors: { [field]: field === FORM_ERROR ? `${USER_MESSAGES.inviteFailed}: ${error.message}` : error.message } }, submitted(form), {
        status: error.status,
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
      if (!isReportable(actor, error) || (error.status === 403 && error.code !== MEMBER_LIMIT_CODE)) throw error;
      return validationError({ formId: MEMBERS_FORM_ID, fieldErrors: { [FORM_ERROR]: error.message } }, submitted(form), { status: error.status });
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
      if (!isReportable(actor, error)) throw error;
      return redirectWithFlash(request, back, { kind: "error", title: USER_MESSAGES.updateFailed, description: error.message });
    }
  }

  if (intent === "delete") {
    try {
      const { name } = await deleteUser(actor, id);
      return redirectWithFlash(request, back, { kind: "success", title: USER_MESSAGES.deleted, description: name });
    } catch (error) {
      if (!isReportable(actor, error)) throw error;
      return redirectWithFlash(request, back, { kind: "error", title: USER_MESSAGES.deleteFailed, description: error.message });
    }
  }

  if (intent === "resend-invitation" || intent === "cancel-invitation") {
    const resend = intent === "resend-invitation";
    try {
      const invitation = resend ? await resendInvitation(actor, id, { baseUrl: publicBaseUrl(request) }) : await cancelInvitation(actor, id);
      return redirectWithFlash(request, back, { kind: "success", title: resend ? USER_MESSAGES.invitationResent : USER_MESSAGES.invitationCancelled, description: invitation.email });
    } catch (error) {
      if (!isReportable(actor, error)) throw error;
      return redirectWithFlash(request, back, { kind: "error", title: resend ? USER_MESSAGES.resendFailed : USER_MESSAGES.cancelFailed, description: error.message });
    }
  }

  throw new AppError(400, "Unknown action");
}
