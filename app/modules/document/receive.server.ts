import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { assertStorageAvailable } from "~/modules/billing/storage-quota.server";
import { NO_FILE_MESSAGE } from "./file-types";
import { receiveUpload, UploadError, type StoredUpload } from "./upload.server";
import { refId } from "~db/entities/refs";

/**
 * The upload flow shared by documents and templates, pages and /api: the project is resolved (and
 * editData plus free quota checked) before any byte is stored; the file then streams to the store.
 * Callers validate `fields` with their schema and must call `discard()` if they refuse them.
 */
export async function receiveProjectUpload(
  request: Request,
  options: { extensions: readonly string[]; kind: "documents" | "templates"; resolveAccess: (fields: Record<string, string>) => Promise<ProjectAccess> },
): Promise<{ access: ProjectAccess; fields: Record<string, string>; file: StoredUpload; discard: () => Promise<void> }> {
  let access: ProjectAccess | null = null;
  const check = async (fields: Record<string, string>) => {
    const resolved = await options.resolveAccess(fields);
    requirePermission(resolved, "editData");
    return resolved;
  };
  const { fields, file } = await receiveUpload(request, {
    extensions: options.extensions,
    kind: options.kind,
    beforeFile: async (fieldsSoFar) => {
      access = await check(fieldsSoFar);
      await assertStorageAvailable(refId(access.project.client));
      return access.project.id;
    },
  });
  const store = getObjectStore();
  const discard = async () => {
    if (file) await store.delete(file.key).catch(() => undefined);
  };
  try {
    access ??= await check(fields);
  } catch (error) {
    await discard();
    throw error;
  }
  if (!file) throw new UploadError(400, NO_FILE_MESSAGE);
  return { access, fields, file, discard };
}
