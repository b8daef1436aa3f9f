/**
 * The REGISTERED PROPRIETOR block of a Victorian register search statement (docs/import.md#land-title-pdfs), as printed:
 *
 *   Estate Fee Simple
 *   Joint Proprietors
 *       JOHN ALBERT SMITH
 *       MARY ELLEN SMITH both of 12 SMITH STREET BALLARAT VIC 3350
 *       AB123456C 12/03/2019
 *
 * or, for tenants in common, one group per share ("As to 1 of a total of 2 equal undivided shares",
 * "Sole Proprietor", names, dealing). A name and its address are split at " of " (or a column gap,
 * when the block is laid out as a table). Pure.
 */

export interface Proprietor {
  name: string;
  address: string | null;
  /** Tenants in common: the share this proprietor holds, as printed. */
  share: string | null;
}

export interface Proprietors {
  /** "Fee Simple", as in "Estate Fee Simple". */
  estate: string | null;
  /** "Joint Proprietors", "Sole Proprietor" or "Tenants in Common". */
  tenancyType: string | null;
  names: Proprietor[];
  /** The first registering dealing: "AB123456C 12/03/2019". */
  dealing: string | null;
}

const DEALING_LINE = /^[A-Z]{1,2}\d{5,7}[A-Z]?\s+\d{1,2}\/\d{1,2}\/\d{4}$/;
const TENANCY = /^(joint proprietors?|sole proprietors?|tenants in common)$/i;
const SHARE = /^As to\s+(.+)$/i;
/** What an address starts with (so "BANK OF MELBOURNE of 1 COLLINS STREET" splits at the second "of"). */
const ADDRESS_START = /^(?:\d|(?:PO|GPO|P\.O\.)\s*BOX\b|LOCKED BAG\b|UNIT\b|FLAT\b|SHOP\b|LEVEL\b|SUITE\b|APARTMENT\b|RMB\b|RSD\b|CMB\b|LOT\b|C\/-?|CARE OF\b|"|')/i;

const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** "JOHN SMITH of 12 …" → name and address; "both of"/"all of" mark an address shared by the group. */
export function splitNameAddress(line: string): { name: string; address: string | null; shared: boolean } {
  const cells = line
    .split(/\s{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (cells.length >= 2) {
    const rest = cells.slice(1).join(" ");
    const marker = /^(both |all )?of\s+/i.exec(rest);
    return { name: cells[0]!, address: rest.slice(marker?.[0].length ?? 0) || null, shared: Boolean(marker?.[1]) };
  }
  const text = line.replace(/\s+/g, " ").trim();
  const shared = /\s(?:both|all) of\s+/i.exec(text);
  if (shared) return { name: text.slice(0, shared.index), address: text.slice(shared.index + shared[0].length) || null, shared: true };
  const ofs = [...text.matchAll(/\sof\s+/gi)];
  for (const of of ofs) {
    const address = text.slice(of.index + of[0].length);
    if (ADDRESS_START.test(address)) return { name: text.slice(0, of.index), address, shared: false };
  }
  return { name: text, address: null, shared: false };
}

export function readProprietors(lines: readonly string[]): Proprietors {
  const result: Proprietors = { estate: null, tenancyType: null, names: [], dealing: null };
  let inCommon = false;
  let share: string | null = null;
  // Names of the current group still waiting for a "both of" address.
  let group: Proprietor[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) continue;
    const estate = /^Estate\s+(.+)$/i.exec(line);
    if (estate) {
      result.estate ??= estate[1]!;
      continue;
    }
    if (/^tenants in common$/i.test(line)) {
      inCommon = true;
      continue;
    }
    const shareMatch = SHARE.exec(line);
    if (shareMatch) {
      share = shareMatch[1]!;
      group = [];
      continue;
    }
    if (TENANCY.test(line)) {
      if (!inCommon) result.tenancyType ??= titleCase(line);
      group = [];
      continue;
    }
    if (DEALING_LINE.test(line)) {
      result.dealing ??= line;
      group = [];
      continue;
    }
    const { name, address, shared } = splitNameAddress(raw);
    const proprietor: Proprietor = { name, address, share };
    group.push(proprietor);
    result.names.push(proprietor);
    if (shared && address) for (const member of group) member.address ??= address;
  }
  if (inCommon) result.tenancyType = "Tenants in Common";
  return result;
}
