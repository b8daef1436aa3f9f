import { useState } from "react";
import { formErrorName } from "~/modules/export/column-list";
import type { ExportType } from "~/modules/export/export-types";
import { EXPORT_FAILED_MESSAGE, EXPORT_FAILED_TITLE, EXPORT_SUCCESS_TITLE, exportedColumns, NO_FIELDS_MESSAGE, type ExportMapping, type ExportMode } from "~/modules/export/export-modes";
import { attachmentFileName, saveBlob } from "~/utils/download";

export type Format = "xlsx" | "csv";

export interface ExportStatus {
  kind: "success" | "error";
  title: string;
  description: string;
}

/**
 * Export with JavaScript: posts the list to /api/export/excel, saves the file and keeps the status
 * ("Export Successful!" or "Export Failed") for the status region. Field errors (no exported column,
 * a 400 with errors) go to `onErrors`, named as the form names its fields.
 */
export function useExportDownload({
  projectId,
  type,
  mode,
  fileNames,
  onErrors,
}: {
  projectId: number;
  type: ExportType;
  mode: ExportMode;
  fileNames: Record<Format, string>;
  onErrors: (errors: Record<string, string>, options?: { keepTitle: boolean }) => void;
}) {
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (rows: ExportMapping[], format: Format) => {
    setStatus(null);
    const exportedCount = exportedColumns(rows).length;
    if (exportedCount === 0) {
      onErrors({ _form: NO_FIELDS_MESSAGE });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/export/excel?projectId=${projectId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ exportType: type, mode, format, mappings: rows }),
      });
      if (response.ok) {
        const fileName = attachmentFileName(response.headers.get("Content-Disposition")) ?? fileNames[format];
        saveBlob(await response.blob(), fileName);
        onErrors({}, { keepTitle: true });
        setStatus({ kind: "success", title: EXPORT_SUCCESS_TITLE, description: `${fileName}: ${exportedCount} ${exportedCount === 1 ? "column" : "columns"}.` });
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string> } | null;
      if (response.status === 400 && body?.errors) {
        onErrors(Object.fromEntries(Object.entries(body.errors).map(([path, message]) => [formErrorName(path), message])));
        return;
      }
      setStatus({ kind: "error", title: EXPORT_FAILED_TITLE, description: body?.message ?? EXPORT_FAILED_MESSAGE });
    } catch {
      setStatus({ kind: "error", title: EXPORT_FAILED_TITLE, description: EXPORT_FAILED_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  return { status, busy, download };
}
