/**
 * One register search statement as one row of the import wizard's mapping step (docs/import.md#land-title-pdfs). The
 * column names are the property import fields' own keys, so automatic mapping pre-maps every one
 * (column-mapping.ts: a header equal to a field key is an exact match). The exception is the
 * title's own address, whose key is narrowed to its label so that ordinary "Property Address"
 * headers fill the required address instead.
 */
import type { RegisterSearchStatement } from "./register-search";

export const TITLE_COLUMNS = [
  "address",
  "volume",
  "folio",
  "securityNumber",
  "produced",
  "lotPlanLine",
  "lot",
  "planNumber",
  "proprietors",
  "proprietor",
  "ownerAddress",
  "tenancyType",
  "encumbrances",
  "diagram",
  "ectController",
  "ectEffectiveFromDate",
  "Property address (as on title)",
  "titleType",
  "search",
] as const;

export type TitleColumn = (typeof TITLE_COLUMNS)[number];

/** What the "search" column says of where the row came from. */
export const TITLE_SEARCH_LABEL = "Register Search Statement";

/** The statement's cells in TITLE_COLUMNS order; a blank is null. */
export function statementRow(statement: RegisterSearchStatement): (string | null)[] {
  const owners = statement.proprietors.names;
  const values: Record<TitleColumn, string | null> = {
    // The address is required: a title without a street address is known by its land description.
    address: statement.streetAddress ?? statement.landDescription ?? `Volume ${statement.volume} Folio ${statement.folio}`,
    volume: statement.volume,
    folio: statement.folio,
    securityNumber: statement.securityNumber,
    produced: statement.produced,
    lotPlanLine: statement.landDescription,
    lot: statement.lot,
    planNumber: statement.planNumber,
    // "; " is the list fields' separator (value-coercion.ts).
    proprietors: owners.length ? owners.map((o) => o.name).join("; ") : null,
    proprietor: owners[0]?.name ?? null,
    ownerAddress: owners[0]?.address ?? null,
    tenancyType: statement.proprietors.tenancyType,
    encumbrances: statement.encumbrances,
    diagram: statement.diagram,
    ectController: statement.ectController,
    ectEffectiveFromDate: statement.ectEffectiveFromDate,
    "Property address (as on title)": statement.streetAddress,
    // Every register search statement is of a Torrens (freehold) title.
    titleType: "FREEHOLD",
    search: TITLE_SEARCH_LABEL,
  };
  return TITLE_COLUMNS.map((column) => values[column]);
}
