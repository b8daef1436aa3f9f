/**
 * The text a list's search box looks in, as one SQL expression: the columns joined by newlines
 * (which a search box cannot send, so a term never matches across two columns). The trigram index
 * (entity declaration and migration) and the list queries use this same expression, which is what
 * lets PostgreSQL answer `<expression> ILIKE '%term%'` from the index instead of reading every row
 * and testing each column. Changing the columns means a new migration recreating the index.
 */
export function searchTextSql(columns: readonly string[], alias?: string): string {
  const qualified = columns.map((column) => `coalesce(${alias ? `${alias}.` : ""}${column}, '')`);
  return `(${qualified.join(` || E'\\n' || `)})`;
}

/** Stakeholder search: name, e-mails, phones, addresses, company name. */
export const STAKEHOLDER_SEARCH_COLUMNS = [
  "name",
  "email",
  "email2",
  "email3",
  "phone",
  "phone2",
  "phone3",
  "mobile",
  "contact_phone",
  "business_phone",
  "home_phone",
  "cell_phone",
  "mobile_phone",
  "address",
  "address2",
  "address3",
  "company_name",
] as const;

/** Property search: address, the search line, volume, folio, proprietors (jsonb as text). */
export const PROPERTY_SEARCH_COLUMNS = ["address", "search", "volume", "folio", "proprietors::text"] as const;

/** Grievance search: the reference, a complainant who is not a stakeholder, and the description (a stakeholder complainant is found through STAKEHOLDER_SEARCH_COLUMNS). */
export const GRIEVANCE_SEARCH_COLUMNS = ["reference", "complainant_name", "description"] as const;
