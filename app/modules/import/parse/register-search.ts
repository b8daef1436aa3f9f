/**
 * Reads Victorian Register Search Statements (title searches as LANDATA prints them) from the printed
 * lines of a PDF (docs/import.md#land-title-pdfs). Pure: the reader (title-pdf-reader.server.ts) rebuilds the lines, with
 * two or more spaces where the page has a column gap; this module splits them into statements and
 * reads each one's header, sections and additional information.
 *
 * The layout, as printed:
 *   REGISTER SEARCH STATEMENT (Title Search) Transfer of Land Act 1958          Page 1 of 1
 *   VOLUME 10123 FOLIO 456                                  Security no : 124078123456A
 *                                                           Produced 12/03/2024 10:15 am
 *   LAND DESCRIPTION / REGISTERED PROPRIETOR / ENCUMBRANCES, CAVEATS AND NOTICES /
 *   DIAGRAM LOCATION / ACTIVITY IN THE LAST 125 DAYS, each under a dashed rule
 *   ----END OF REGISTER SEARCH STATEMENT----
 *   Additional information: Street Address, ADMINISTRATIVE NOTICES, eCT Control … Effective from …
 *   DOCUMENT END
 */
import { readProprietors, type Proprietors } from "./register-proprietors";

export interface RegisterSearchStatement {
  volume: string;
  folio: string;
  securityNumber: string | null;
  produced: string | null;
  /** The land description's own lines (parent title and creating instrument left out). */
  landDescription: string | null;
  lot: string | null;
  planNumber: string | null;
  parentTitle: string | null;
  proprietors: Proprietors;
  encumbrances: string | null;
  diagram: string | null;
  ectController: string | null;
  ectEffectiveFromDate: string | null;
  streetAddress: string | null;
}

type Section = "header" | "land" | "proprietor" | "encumbrances" | "diagram" | "activity" | "additional" | "notices" | "end";

const HEADINGS: [RegExp, Section][] = [
  [/^LAND DESCRIPTION:?$/i, "land"],
  [/^REGISTERED PROPRIETORS?:?$/i, "proprietor"],
  [/^ENCUMBRANCES,? CAVEATS AND NOTICES:?$/i, "encumbrances"],
  [/^DIAGRAM LOCATION:?$/i, "diagram"],
  [/^ACTIVITY IN THE LAST \d+ DAYS:?$/i, "activity"],
  [/^-*\s*END OF REGISTER SEARCH STATEMENT\s*-*$/i, "additional"],
  [/^ADDITIONAL INFORMATION\b/i, "additional"],
  [/^ADMINISTRATIVE NOTICES:?$/i, "notices"],
  [/^DOCUMENT END$/i, "end"],
];

const STATEMENT_HEADING = /^register search statement\b/i;
const PAGE_OF = /\bPage\s+(\d+)\s+of\s+\d+\s*$/i;
const VOLUME_FOLIO = /\bVOLUME\s+(\d{1,6})\s+FOLIO\s+(\d{1,4}[A-Z]?)\b/i;
const RULE = /^[-=_\s]+$/;
/** A page footer ("Title 10123/456  Page 1 of 1") carries nothing of its own. */
const FOOTER = /^Title\s+\d+\/\d+[A-Z]?\s+Page\s+\d+\s+of\s+\d+$/i;
/** A dealing number and its date: "AB123456C 12/03/2019". */
export const DEALING = /\b[A-Z]{1,2}\d{5,7}[A-Z]?\s+\d{1,2}\/\d{1,2}\/\d{4}\b/;
const DATE = /\d{1,2}\/\d{1,2}\/\d{4}/;

/** The cells of a rebuilt line (split on its column gaps). */
export const cellsOf = (line: string) =>
  line
    .split(/\s{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
/** A line with its column gaps closed, for reading as prose. */
export const plain = (line: string) => line.replace(/\s+/g, " ").trim();

const NOTICE = /^(Copyright State of Victoria|The Victorian Government acknowledges)\b/i;
/** The copyright and acknowledgement notice above each page's heading wraps over a few lines. */
const NOTICE_MAX_LINES = 10;

/**
 * The lines without the notice printed above every page's statement heading (it would otherwise run
 * into the section the page continues). Only a notice followed by a heading is dropped.
 */
function withoutNotices(lines: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (NOTICE.test(plain(lines[i]!))) {
      const window = lines.slice(i + 1, i + 1 + NOTICE_MAX_LINES);
      const heading = window.findIndex((line) => STATEMENT_HEADING.test(plain(line)));
      if (heading >= 0) {
        i += heading;
        continue;
      }
    }
    kept.push(lines[i]!);
  }
  return kept;
}

/**
 * The statements in the pages, in order, each as its own lines. A statement starts at its heading
 * ("REGISTER SEARCH STATEMENT …", not a continued "Page 2 of 3") or at a VOLUME/FOLIO header other
 * than the one already open; lines before the first start (a cover page) belong to none.
 */
export function splitStatements(pages: readonly (readonly string[])[]): string[][] {
  const statements: string[][] = [];
  let current: string[] | null = null;
  let currentTitle: string | null = null;
  // Lines between a new heading and its VOLUME/FOLIO header ("Security no" printed above it, say).
  let preamble: string[] | null = null;
  for (const line of withoutNotices(pages.flat())) {
    const text = plain(line);
    if (STATEMENT_HEADING.test(text)) {
      const page = PAGE_OF.exec(text);
      if (!page || page[1] === "1") preamble = [];
      continue;
    }
    const header = VOLUME_FOLIO.exec(text);
    if (header && !/^PARENT TITLE\b/i.test(text)) {
      const title = `${Number(header[1])}/${header[2]!.toUpperCase()}`;
      if (preamble || !current || currentTitle !== title) {
        current = preamble ?? [];
        currentTitle = title;
        statements.push(current);
      }
      preamble = null;
    }
    if (preamble) preamble.push(line);
    else if (current) current.push(line);
  }
  return statements;
}

/** One statement's lines grouped by the section they are printed under (rules and footers dropped). */
function sections(lines: readonly string[]): Map<Section, string[]> {
  const bySection = new Map<Section, string[]>();
  let section: Section = "header";
  for (const line of lines) {
    const text = plain(line);
    if (!text || RULE.test(text) || FOOTER.test(text)) continue;
    const heading = HEADINGS.find(([pattern]) => pattern.test(text));
    if (heading) {
      section = heading[1];
      // "Additional information: Street Address: …" may share the heading's line.
      if (section !== "additional") continue;
    }
    if (!bySection.has(section)) bySection.set(section, []);
    bySection.get(section)!.push(line);
  }
  return bySection;
}

const firstMatch = (lines: readonly string[], pattern: RegExp) => {
  for (const line of lines) {
    const match = pattern.exec(plain(line));
    if (match) return match;
  }
  return null;
};

/** Plan words as the register abbreviates them in plan numbers. */
const PLAN_PREFIXES: [RegExp, string][] = [
  [/^plan of subdivision$/i, "PS"],
  [/^title plan$/i, "TP"],
  [/^lodged plan$/i, "LP"],
  [/^plan of consolidation$/i, "PC"],
  [/^registered plan$/i, "RP"],
  [/^strata plan$/i, "SP"],
  [/^crown plan$/i, "CP"],
  [/^deposited plan$/i, "DP"],
];

/** "Lot 1 on Plan of Subdivision 123456A." → lot 1, plan PS123456A; "Lot 4 on LP 9876" → LP9876. */
export function lotAndPlan(description: string): { lot: string | null; planNumber: string | null } {
  // The plan is named in words ("Plan of Subdivision 123456A") or by its letters ("PS123456A", "LP 9876").
  const match = /^Lot\s+([A-Z0-9-]+)\s+on\s+(?:(.*?)\s+)?([A-Z]{0,3})\s?(\d{2,7}[A-Z]?)\b/i.exec(plain(description));
  if (!match) return { lot: null, planNumber: null };
  const words = (match[2] ?? "").trim();
  const letters = match[3]!.toUpperCase();
  const prefix = letters || (/^[A-Z]{1,3}$/i.test(words) ? words.toUpperCase() : (PLAN_PREFIXES.find(([pattern]) => pattern.test(words))?.[1] ?? ""));
  return { lot: match[1]!.toUpperCase(), planNumber: `${prefix}${match[4]!.toUpperCase()}` };
}

function readLand(lines: readonly string[]) {
  const own: string[] = [];
  let parentTitle: string | null = null;
  for (const line of lines.map(plain)) {
    const parent = /^PARENT TITLES?\s*:?\s*(.+)$/i.exec(line);
    if (parent) parentTitle = parent[1]!;
    else if (!/^Created by instrument\b/i.test(line)) own.push(line);
  }
  const landDescription = own.length ? own.join(" ").replace(/\.$/, "") : null;
  return { landDescription, parentTitle, ...(landDescription ? lotAndPlan(landDescription) : { lot: null, planNumber: null }) };
}

const BOILERPLATE = [/^Any crown grant reservations\b/i, /^For details of any other encumbrances\b/i, /^The land in this folio\b/i];

/** Each instrument (a line with a dealing number and date) with the lines printed under it; "NIL" when there are none. */
function readEncumbrances(lines: readonly string[]): string | null {
  const items: string[] = [];
  let nil = false;
  for (const line of lines.map(plain)) {
    if (BOILERPLATE.some((pattern) => pattern.test(line))) continue;
    if (/^NIL$/i.test(line)) nil = true;
    else if (DEALING.test(line) || items.length === 0) items.push(line);
    else items[items.length - 1] += ` ${line}`;
  }
  if (items.length) return items.join("; ");
  return nil ? "NIL" : null;
}

/** The statement read from its lines; null when it has no VOLUME/FOLIO header. */
export function parseStatement(lines: readonly string[]): RegisterSearchStatement | null {
  const all = sections(lines);
  const header = all.get("header") ?? [];
  const volumeFolio = firstMatch(header, VOLUME_FOLIO);
  if (!volumeFolio) return null;
  const additional = [...(all.get("additional") ?? []), ...(all.get("notices") ?? [])];
  const ect = firstMatch(additional, /\beCT Control\s*:?\s+(.+?)(?:\s+Effective from\s+(\S+))?$/i);
  const effective = firstMatch(additional, new RegExp(`\\bEffective from\\s*:?\\s*(${DATE.source})`, "i"));
  const diagram = (all.get("diagram") ?? []).map(plain).join(" ");
  return {
    volume: volumeFolio[1]!,
    folio: volumeFolio[2]!.toUpperCase(),
    securityNumber: firstMatch(header, /\bSecurity\s+no\.?\s*:?\s*([A-Z0-9]+)/i)?.[1] ?? null,
    produced: firstMatch(header, new RegExp(`\\bProduced\\s*:?\\s*(${DATE.source}(?:\\s+\\d{1,2}:\\d{2}(?::\\d{2})?\\s*(?:[ap]m)?)?)`, "i"))?.[1] ?? null,
    ...readLand(all.get("land") ?? []),
    proprietors: readProprietors(all.get("proprietor") ?? []),
    encumbrances: readEncumbrances(all.get("encumbrances") ?? []),
    diagram: diagram || null,
    ectController: ect?.[1]?.trim() || null,
    ectEffectiveFromDate: ect?.[2] ?? effective?.[1] ?? null,
    streetAddress: firstMatch(additional, /\bStreet Address\s*:?\s*(.+)$/i)?.[1]?.trim() || null,
  };
}

/** Every statement in the pages that has a VOLUME/FOLIO header. */
export function readStatements(pages: readonly (readonly string[])[]): RegisterSearchStatement[] {
  return splitStatements(pages)
    .map(parseStatement)
    .filter((s): s is RegisterSearchStatement => s !== null);
}
