/**
 * What the documentation screens show for one URL: the centre's cards for the signed-in role and tab,
 * and the viewer's document (refused with 403/404 through requireDocument, which the route's
 * ErrorBoundary shows as the Access Denied card).
 */
import type { CurrentUser } from "~/modules/access/current-user.server";
import { DOCUMENTS, documentAccess, parseTab } from "./catalogue";
import { requireDocument } from "./content.server";
import { formatDocDate } from "./dates";

export function loadDocumentationCentre(user: Pick<CurrentUser, "role">, url: URL) {
  return {
    tab: parseTab(url.searchParams.get("tab")),
    documents: DOCUMENTS.map((entry) => ({ ...entry, available: documentAccess(user.role, entry.docType) === "allowed" })),
  };
}

export async function loadDocumentViewer(user: Pick<CurrentUser, "id" | "clientId" | "role">, docType: unknown, url: URL) {
  const document = await requireDocument(user, docType);
  const print = url.searchParams.get("print") === "true";
  return {
    docType: document.docType,
    title: document.title,
    // The print view loads every picture at once, so none is blank on paper.
    html: print ? document.html.replace(/ loading="lazy"/g, "") : document.html,
    lastUpdated: document.lastUpdated,
    lastUpdatedLabel: formatDocDate(document.lastUpdated),
    print,
  };
}
