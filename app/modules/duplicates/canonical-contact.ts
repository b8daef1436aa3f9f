/* Phones and e-mails in one spelling, for duplicate matching (see fold.ts). */

/**
 * Digits only, Australian international prefix as the trunk 0: "+61 (0)4 1234 5678", "0412 345 678" and
 * "61412345678" → "0412345678"; "(03) 5352 1234" → "0353521234". Null when no digits are left.
 */
export function canonicalPhone(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.startsWith("0061")) digits = digits.slice(2);
  // 61 then a 9-digit national number (or 10 with a redundant "(0)") is the international form.
  if (digits.startsWith("61") && (digits.length === 11 || (digits.length === 12 && digits[2] === "0"))) {
    digits = digits.length === 12 ? digits.slice(2) : `0${digits.slice(2)}`;
  }
  // A 9-digit national number written without its trunk 0 ("412 345 678").
  if (digits.length === 9 && /^[2-478]/.test(digits)) digits = `0${digits}`;
  return digits || null;
}

/** Australian mobile (04…) or landline (02/03/07/08 …), both 10 digits in canonical form. */
export function phoneKind(phone: string | null | undefined): "mobile" | "landline" | "other" | null {
  const digits = canonicalPhone(phone);
  if (!digits) return null;
  if (/^04\d{8}$/.test(digits)) return "mobile";
  if (/^0[2378]\d{8}$/.test(digits)) return "landline";
  return "other";
}

/** Trimmed and lower-cased (as the entities store them); a "mailto:" prefix dropped. Null when blank. */
export function canonicalEmail(email: string | null | undefined): string | null {
  const text = (email ?? "")
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, "");
  return text || null;
}
