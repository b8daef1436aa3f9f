/**
 * /export ("Export to Excel", docs/export.md): what the page shows for one URL. The type and
 * mode come from the URL; the column list starts from the mode's template, and the field choices
 * include the project's own custom fields.
 */
import { projectToday, projectTimeZone } from "~/modules/calendar/today";
import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { fieldOptions } from "./export-fields";
import { exportFileName, listCustomFieldNames } from "./excel-export.server";
import { templateMappings } from "./export-templates";
import { EXPORT_MODE_LABELS, isModeAllowed } from "./export-modes";
import { exportModeFrom, exportTypeFrom } from "./export-urls";

export async function loadExportPage(access: ProjectAccess, url: URL, now: Date = new Date()) {
  requirePermission(access, "exportData");
  const type = exportTypeFrom(url.searchParams.get("type"));
  const asked = exportModeFrom(url.searchParams.get("mode"));
  const mode = isModeAllowed(type, asked) ? asked : "standard";
  const customFieldNames = await listCustomFieldNames(access, type);
  const today = projectToday(projectTimeZone(access.project.settings), now);
  return {
    project: projectSummary(access),
    type,
    mode,
    /** A properties-only mode asked for another type: the page says why it shows Standard instead. */
    modeNotice: asked === mode ? null : `${EXPORT_MODE_LABELS[asked]} is for properties only, so the Standard columns for ${type} are shown.`,
    options: fieldOptions(type, customFieldNames),
    mappings: templateMappings(type, mode, customFieldNames),
    fileNames: { xlsx: exportFileName(type, "xlsx", today), csv: exportFileName(type, "csv", today) },
  };
}

export type ExportPageData = Awaited<ReturnType<typeof loadExportPage>>;
