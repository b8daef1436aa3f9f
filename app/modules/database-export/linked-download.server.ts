/**
 * A download behind a plain link (the dashboard's SQL dump, a restore point on Database Management)
 * takes its slot of the download budget here. A refusal (429, or 503 when the server's budget is
 * used up; docs/operations.md#pools-and-timeouts) is JSON for a script; a browser that followed the
 * link itself gets it as a flash on the page the link was on, so the person reads the message
 * instead of a JSON body.
 */
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import type { DownloadSlot } from "~/utils/download-budget";
import { admitDownload } from "~/utils/downloads.server";

export const DOWNLOAD_REFUSED_TITLE = "Download Not Started";

const isNavigation = (request: Request) =>
  request.headers.get("sec-fetch-mode") === "navigate" || (!request.headers.get("sec-fetch-mode") && (request.headers.get("accept") ?? "").includes("text/html"));

export async function admitLinkedDownload(request: Request, userId: string, back: string): Promise<DownloadSlot> {
  try {
    return admitDownload(userId);
  } catch (error) {
    if (!(error instanceof AppError) || !isNavigation(request)) throw error;
    throw await redirectWithFlash(request, back, { kind: "error", title: DOWNLOAD_REFUSED_TITLE, description: error.message });
  }
}
