/**
 * Who may open which document (docs/help-centre.md#viewer): the loading itself is load.server.ts's.
 */
import type { CurrentUser } from "~/modules/access/current-user.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { AppError } from "~/utils/app-error";
import { DOC_MESSAGES, documentAccess, type DocType } from "./catalogue";
import { loadDocument, type LoadedDocument } from "./load.server";

export { contentDir, imagesDir, IMAGE_URL_PREFIX, loadDocument, readDocImage, type DocImage, type LoadedDocument } from "./load.server";

/**
 * The document `user` may open: an unknown name is 404, a restricted one 403 with the spec's
 * message (docs/help-centre.md#viewer, #messages), audited like every refusal. Every page and /api route that shows or sends a document goes through this.
 */
export async function requireDocument(user: Pick<CurrentUser, "id" | "clientId" | "role">, docType: unknown): Promise<LoadedDocument> {
  const access = documentAccess(user.role, docType);
  if (access === "unknown") throw new AppError(404, DOC_MESSAGES.notFound);
  if (access === "restricted") requireSystemPermission(user, "restrictedDocumentation", { message: DOC_MESSAGES.accessDenied, entityType: "Documentation", entityId: String(docType) });
  return loadDocument(docType as DocType);
}
