/** The /export page's URLs: its type and mode are GET parameters, so every state has an address. Client-safe. */
import type { ExportType } from "./export-types";
import { EXPORT_TYPES } from "./export-types";
import { EXPORT_MODES, type ExportMode } from "./export-modes";

export function exportPageUrl(type?: ExportType, mode?: ExportMode): string {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (mode && mode !== "standard") params.set("mode", mode);
  const query = params.toString();
  return query ? `/export?${query}` : "/export";
}

export function exportTypeFrom(value: unknown): ExportType {
  return (EXPORT_TYPES as readonly unknown[]).includes(value) ? (value as ExportType) : "stakeholders";
}

export function exportModeFrom(value: unknown): ExportMode {
  return (EXPORT_MODES as readonly unknown[]).includes(value) ? (value as ExportMode) : "standard";
}
