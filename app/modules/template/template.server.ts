import { Template, type ITemplate } from "~db/entities/Template";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import type { StoredUpload } from "~/modules/document/upload.server";
import { recordAbilities, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { reserveStorage } from "~/modules/billing/storage-quota.server";
import { AppError } from "~/utils/app-error";
import type { TemplateEditInput, TemplateUploadInput } from "./schemas";
import { refId } from "~db/entities/refs";
import { requireRecordId } from "~/utils/record-id";

/** A template as the screens and /api show it (docs/records.md#templates). */
export interface TemplateJson {
  id: number;
  templateName: string;
  templateDescription: string | null;
  category: string | null;
  tags: string[];
  originalFileName: string;
  mimeType: string;
  fileSize: number;
  createdAt: string;
}

export const TEMPLATE_PAGE_SIZE = 24;

const clientIdOf = (access: ProjectAccess) => refId(access.project.client);

export function templateAbilities(access: ProjectAccess) {
  return recordAbilities(access);
}

export function toTemplateJson(t: ITemplate): TemplateJson {
  return {
    id: t.id,
    templateName: t.templateName,
    templateDescription: t.templateDescription ?? null,
    category: t.category ?? null,
    tags: t.tags ?? [],
    originalFileName: t.originalFileName,
    mimeType: t.mimeType,
    fileSize: Number(t.fileSize),
    createdAt: new Date(t.createdAt).toISOString(),
  };
}

export async function listTemplates(access: ProjectAccess, { limit = TEMPLATE_PAGE_SIZE, offset = 0 } = {}) {
  const [templates, total] = await db().findAndCount(Template, { project: access.project.id }, { orderBy: { createdAt: "desc", id: "desc" }, limit, offset });
  return { templates: templates.map(toTemplateJson), total };
}

export async function findTemplate(access: ProjectAccess, id: unknown): Promise<ITemplate> {
  const numeric = requireRecordId(id, "Template not found");
  const template = await db().findOne(Template, { id: numeric, project: access.project.id });
  if (!template) throw new AppError(404, "Template not found");
  return template;
}

export async function createTemplate(access: ProjectAccess, file: StoredUpload, input: TemplateUploadInput): Promise<TemplateJson> {
  requirePermission(access, "editData");
  try {
    return await db().transactional(async (em) => {
      await reserveStorage(clientIdOf(access), file.size);
      const template = em.create(Template, {
        project: access.project.id,
        uploadedBy: access.user.id,
        templateName: input.templateName,
        templateDescription: input.templateDescription ?? null,
        category: input.category ?? null,
        tags: input.tags,
        originalFileName: file.originalFileName,
        mimeType: file.mimeType,
        fileSize: file.size,
        storageKey: file.key,
      } as never);
      await em.flush();
      recordAudit({
        userId: access.user.id,
        action: "template.upload",
        entityType: "Template",
        entityId: template.id,
        clientId: clientIdOf(access),
        projectId: access.project.id,
        after: { templateName: input.templateName, originalFileName: file.originalFileName, fileSize: file.size },
      });
      await em.flush();
      return toTemplateJson(template);
    });
  } catch (error) {
    await getObjectStore()
      .delete(file.key)
      .catch(() => undefined);
    throw error;
  }
}

/** Blank fields keep their old values (docs/records.md#templates). */
export async function updateTemplate(access: ProjectAccess, id: unknown, input: TemplateEditInput): Promise<TemplateJson> {
  requirePermission(access, "editData");
  return db().transactional(async (em) => {
    const template = await findTemplate(access, id);
    const before = { templateName: template.templateName, templateDescription: template.templateDescription ?? null, category: template.category ?? null, tags: template.tags };
    if (input.templateName !== undefined) template.templateName = input.templateName;
    if (input.templateDescription !== undefined) template.templateDescription = input.templateDescription;
    if (input.category !== undefined) template.category = input.category;
    if (input.tags !== undefined) template.tags = input.tags;
    recordAudit({ userId: access.user.id, action: "template.update", entityType: "Template", entityId: template.id, clientId: clientIdOf(access), projectId: access.project.id, before, after: input });
    await em.flush();
    return toTemplateJson(template);
  });
}

export async function deleteTemplate(access: ProjectAccess, id: unknown): Promise<{ templateName: string }> {
  requirePermission(access, "deleteData");
  const template = await findTemplate(access, id);
  // The bytes stay for the restore points' lifetime; the delete records their release (docs/operations.md#nothing-lost).
  await db().transactional(async (em) => {
    const row = await em.findOneOrFail(Template, { id: template.id });
    recordAudit({
      userId: access.user.id,
      action: "template.delete",
      entityType: "Template",
      entityId: row.id,
      clientId: clientIdOf(access),
      projectId: access.project.id,
      before: { templateName: row.templateName, originalFileName: row.originalFileName, fileSize: row.fileSize, storageKey: row.storageKey },
    });
    em.remove(row);
    await em.flush();
  });
  return { templateName: template.templateName };
}
