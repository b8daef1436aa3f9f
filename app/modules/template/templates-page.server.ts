import { recordAbilities, type ProjectAccess } from "~/modules/access/project-access.server";
import { parseListQuery } from "~/utils/list-query";
import { findTemplate, listTemplates, TEMPLATE_PAGE_SIZE, toTemplateJson } from "./template.server";
import { log } from "~/utils/log.server";

/**
 * Everything /templates shows for one URL: the page of templates and the ?upload=1, ?edit= or
 * ?delete= panel when the role allows it. A list that fails to load still renders the page (the
 * spec's "Error Loading Templates"), with status 500.
 */
export async function loadTemplatesPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const client = access.project.client as { name?: string } | null;
  const project = { id: access.project.id, name: access.project.name, clientName: client?.name ?? null };
  const abilities = recordAbilities(access);
  const { page, offset } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: TEMPLATE_PAGE_SIZE });
  const editParam = abilities.canEdit ? params.get("edit") : null;
  const deleteParam = abilities.canDelete ? params.get("delete") : null;
  const [editing, deleting] = await Promise.all([editParam ? findTemplate(access, editParam).then(toTemplateJson) : null, deleteParam ? findTemplate(access, deleteParam).then(toTemplateJson) : null]);
  const dialogs = { uploading: abilities.canEdit && params.get("upload") === "1", editing, deleting };
  try {
    const list = await listTemplates(access, { limit: TEMPLATE_PAGE_SIZE, offset });
    return { status: 200, data: { state: "ready" as const, project, ...abilities, ...dialogs, ...list, page, pageSize: TEMPLATE_PAGE_SIZE } };
  } catch (error) {
    log.error({ component: "templates", err: error }, "Failed to load templates");
    return { status: 500, data: { state: "error" as const, project, ...abilities, ...dialogs } };
  }
}
