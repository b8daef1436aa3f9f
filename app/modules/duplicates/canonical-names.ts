import { foldText, memoise, words } from "./fold";

/** A person's or a business's name in one spelling, for duplicate matching (see fold.ts). */

/** Titles dropped from the front of a person's name: they are not part of who the person is. */
export const HONORIFICS = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "rev", "reverend", "fr", "hon", "cr", "clr"]);

/** Company suffixes written many ways, as one form (longest first so "pty ltd" wins over "ltd"). */
const COMPANY_SUFFIXES: [RegExp, string][] = [
  [/\bproprietary limited\b/g, "pty ltd"],
  [/\bpty limited\b/g, "pty ltd"],
  [/\bproprietary ltd\b/g, "pty ltd"],
  [/\bp l\b/g, "pty ltd"],
  [/\blimited\b/g, "ltd"],
  [/\bincorporated\b/g, "inc"],
  [/\bcorporation\b/g, "corp"],
  [/\bcompany\b/g, "co"],
];
/** Tokens that only say "this is a company": dropped when two names are compared for similarity. */
export const COMPANY_WORDS = new Set(["pty", "ltd", "inc", "corp", "co", "llc", "plc"]);

export function isCompanyName(name: string | null | undefined): boolean {
  return (
    canonicalName(name)
      .split(" ")
      .some((word) => COMPANY_WORDS.has(word)) || /\bp\s*\/\s*l\b/i.test(name ?? "")
  );
}

/**
 * One spelling of a name: "Smith, John" → "john smith", "Dr. Jane O'Brien" → "jane obrien",
 * "Acme P/L" and "ACME Proprietary Limited" → "acme pty ltd", "Smith & Sons" → "smith and sons".
 */
export function canonicalName(name: string | null | undefined): string {
  let text = (name ?? "").trim();
  // "P/L" would fold to "p l"; mark it before the slash is lost.
  text = text.replace(/\bP\s*\/\s*L\b\.?/gi, " Pty Ltd ");
  // "Surname, Given names" (one comma, a person's name) is read as "Given names Surname".
  const parts = text.split(",");
  if (parts.length === 2 && parts[1]!.trim() && words(foldText(parts[0])).length <= 3 && !/\b(pty|ltd|limited|inc)\b/i.test(text)) {
    text = `${parts[1]} ${parts[0]}`;
  }
  let folded = foldText(text);
  for (const [pattern, replacement] of COMPANY_SUFFIXES) folded = folded.replace(pattern, replacement);
  const tokens = words(folded);
  while (tokens.length > 1 && HONORIFICS.has(tokens[0]!)) tokens.shift();
  return tokens.join(" ");
}

/** A name's words without the company suffix: "acme pty ltd" and "acme" are the same business. Do not mutate the result. */
export const nameCoreTokens = memoise((name: string): string[] => {
  const tokens = words(canonicalName(name));
  const core = tokens.filter((token) => !COMPANY_WORDS.has(token));
  return core.length ? core : tokens;
});
