/**
 * The documentation centre's five documents (docs/help-centre.md#documents): what each is, who may open it, which
 * downloads it offers. Pure and client-safe: the centre's cards, the viewer and the /api routes all
 * read this one list, so what is offered and what is allowed agree.
 */
import { canAccessScreen, type Role } from "~/modules/permissions/permissions";

export const DOC_TYPES = ["user-guide", "quick-reference", "product-overview", "sales-materials", "system-architecture"] as const;

export type DocType = (typeof DOC_TYPES)[number];

export interface DocumentEntry {
  docType: DocType;
  title: string;
  description: string;
  /** System admin only (sales materials and system architecture; docs/access.md#screen-access). */
  restricted: boolean;
  /** Also offered as a Word document (docs/help-centre.md#centre). */
  hasWord: boolean;
}

export const DOCUMENTS: readonly DocumentEntry[] = [
  {
    docType: "user-guide",
    title: "User Guide",
    description: "Every screen and journey, step by step with screenshots: projects, stakeholders, properties, interactions, documents, import, export and administration.",
    restricted: false,
    hasWord: false,
  },
  {
    docType: "quick-reference",
    title: "Quick Reference",
    description: "A printable page or two: roles and what they may do, keyboard and no-JavaScript use, import column names and export templates.",
    restricted: false,
    hasWord: false,
  },
  {
    docType: "product-overview",
    title: "Product Overview",
    description: "For a consultancy's clients: what the system does, how records are kept secure and separate, and accessibility.",
    restricted: false,
    hasWord: true,
  },
  {
    docType: "sales-materials",
    title: "Sales Materials",
    description: "Plans, prices and limits, and what each plan includes.",
    restricted: true,
    hasWord: true,
  },
  {
    docType: "system-architecture",
    title: "System Architecture",
    description: "The architecture, configuration, deployment with several app servers, backups and restore.",
    restricted: true,
    hasWord: false,
  },
];

export const RESTRICTED_NOTE = "Requires System Admin access level";

/** docs/help-centre.md#messages, word for word. */
export const DOC_MESSAGES = {
  accessDenied: "Access denied: Insufficient permissions",
  fetchFailed: "Failed to fetch documentation",
  downloadFailed: "Failed to download. Please try again.",
  wordFailed: "Failed to download Word document. Please try again.",
  printFailed: "Failed to open print dialog. Please try again.",
  notFound: "Documentation not found",
} as const;

export function isDocType(value: unknown): value is DocType {
  return typeof value === "string" && (DOC_TYPES as readonly string[]).includes(value);
}

export function documentEntry(docType: DocType): DocumentEntry {
  return DOCUMENTS.find((entry) => entry.docType === docType)!;
}

export type DocumentAccess = "allowed" | "restricted" | "unknown";

/** Whether `role` may open `docType`: unknown names are "unknown" (404), restricted ones "restricted" (403). */
export function documentAccess(role: Role, docType: unknown): DocumentAccess {
  if (!isDocType(docType)) return "unknown";
  if (documentEntry(docType).restricted && !canAccessScreen(role, "restrictedDocumentation")) return "restricted";
  return "allowed";
}

export type DownloadKind = "pdf" | "html" | "word";

/** The spec's fallback name `LSC_TYPE.html`, and the same stem for the PDF and the Word document. */
export function downloadFileName(docType: DocType, kind: DownloadKind): string {
  const stem = `LSC_${docType.toUpperCase().replace(/-/g, "_")}`;
  return `${stem}.${kind === "word" ? "docx" : kind}`;
}

/** Where each download lives; the Word route exists only for the documents that have one. */
export function downloadUrl(docType: DocType, kind: DownloadKind): string {
  const path = kind === "pdf" ? "download-pdf" : kind === "word" ? "download-word" : "download";
  return `/api/documentation/${path}/${docType}`;
}

export const viewerUrl = (docType: DocType) => `/documentation/view/${docType}`;

export type DocumentationTab = "overview" | "downloads";

export function parseTab(value: string | null): DocumentationTab {
  return value === "downloads" ? "downloads" : "overview";
}
