/**
 * The canonical forms duplicate matching compares: names, phones, e-mails, addresses and land-title
 * references, each reduced to one spelling so that "Smith, John" and "JOHN SMITH", "Rd" and "Road",
 * "01234/056" and "1234/56" can be compared (and stored in indexed key columns: `unaccent` is not
 * immutable in PostgreSQL, so canonical text is computed here and stored, never computed in SQL).
 * This file holds what every form starts from; canonical-names.ts, canonical-contact.ts,
 * canonical-addresses.ts and title-references.ts the forms themselves. (Not to be confused with
 * Database Management's "Normalize Text", which rewrites stored capitals: database-management/normalise-text.ts.)
 */

/** Lower case, accents removed, "&" as "and", punctuation as spaces, single spaces. */
export function foldText(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export const words = (text: string) => (text ? text.split(" ") : []);

/**
 * Remembers the last results of a pure function of one string: matching compares each record with every
 * other in its block, so the same names and addresses are read over and over.
 */
export function memoise<T>(fn: (text: string) => T, size = 20_000): (text: string | null | undefined) => T {
  let cache = new Map<string, T>();
  return (text) => {
    const key = text ?? "";
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      // Cleared when full rather than evicted one by one: cheap, and a batch refills what it uses.
      if (cache.size >= size) cache = new Map();
      cache.set(key, value);
    }
    return value;
  };
}
