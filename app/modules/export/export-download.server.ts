/**
 * Downloading an export from the /export page without JavaScript (docs/export.md#download). A form POST cannot
 * both re-render the page with errors and answer with a file, so the page action checks the request
 * and keeps it in the user's session under a random token, then redirects to
 * `/export/download/{token}`; the browser follows the redirect, receives the file as an attachment
 * and stays on the page with the column list as the user left it. The token is the user's own
 * (it lives in their session), works once, and lapses after ten minutes.
 */
import crypto from "node:crypto";
import { redirectDocument } from "@remix-run/node";
import { commitSession, getSession } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/access/current-user.server";
import { requirePermission, resolveProjectAccess, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { exportData, exportResponse } from "./excel-export.server";
import { EXPORT_FAILED_MESSAGE, EXPORT_FAILED_TITLE } from "./export-modes";
import { exportPageUrl } from "./export-urls";
import { ExportRequestSchema, type ExportRequest } from "./schemas";

export const PENDING_EXPORT_TTL_MS = 10 * 60_000;
export const EXPORT_LINK_EXPIRED_MESSAGE = "This export has expired or was already downloaded. Please export again.";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function downloadUrl(token: string): string {
  return `/export/download/${token}`;
}

/** Keeps a checked export for its download; answers the redirect that starts it. */
export async function startExportDownload(request: Request, access: ProjectAccess, input: ExportRequest): Promise<Response> {
  requirePermission(access, "exportData");
  const session = await getSession(request);
  const token = crypto.randomBytes(18).toString("base64url");
  const { exportType, mode, format, mappings } = input;
  session.set("pendingExport", { token, projectId: access.project.id, createdAt: Date.now(), request: { exportType, mode, format, mappings } });
  // Without JavaScript the browser follows the redirect to the attachment and keeps the page; a
  // script-driven submission is told to load the URL as a document for the same effect.
  return redirectDocument(downloadUrl(token), { status: 303, headers: { "Set-Cookie": await commitSession(request, session) } });
}

/**
 * GET /export/download/{token}: the file, or back to the page with "Export Failed" when the token is
 * unknown, used or stale, or the export cannot start. Access is checked again, as of now.
 */
export async function downloadPendingExport(request: Request, token: string | undefined, now = Date.now()): Promise<Response> {
  const user = await requireUser(request);
  const session = await getSession(request);
  const pending = session.get("pendingExport");
  const valid = pending && token && TOKEN_PATTERN.test(token) && pending.token === token && now - pending.createdAt <= PENDING_EXPORT_TTL_MS;
  if (!valid) return redirectWithFlash(request, exportPageUrl(), { kind: "error", title: EXPORT_FAILED_TITLE, description: EXPORT_LINK_EXPIRED_MESSAGE }, session);
  session.unset("pendingExport");
  const parsed = ExportRequestSchema.safeParse(pending.request);
  const back = parsed.success ? exportPageUrl(parsed.data.exportType, parsed.data.mode) : exportPageUrl();
  try {
    if (!parsed.success) throw new AppError(400, EXPORT_FAILED_MESSAGE);
    const access = await resolveProjectAccess(user, pending.projectId, "viewData");
    const response = exportResponse(await exportData(access, parsed.data));
    response.headers.append("Set-Cookie", await commitSession(request, session));
    return response;
  } catch (error) {
    // Access refused or withdrawn in the meantime stays a 403/404 like anywhere else (errorPlacement).
    return errorResponse(error, { form: "none", failures: true, failure: EXPORT_FAILED_MESSAGE, title: EXPORT_FAILED_TITLE, redirect: (flash) => redirectWithFlash(request, back, flash, session) });
  }
}
