/**
 * The Australian Business Number check (the Australian Business Register's published rule): take 1
 * from the first of the 11 digits, weight the digits 10, 1, 3, 5, …, 19, and the sum must divide by
 * 89. Pure and client-safe.
 */

const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The 11 digits of an ABN as people write it ("51 824 753 556"), or null when it is not 11 digits. */
export function abnDigits(value: string): string | null {
  const digits = value.replace(/\s+/g, "");
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** Whether the text is a valid ABN: 11 digits (spaces allowed) that pass the checksum. */
export function isValidAbn(value: string): boolean {
  const digits = abnDigits(value);
  // The register issues no ABN starting with 0 (its first digit less 1 would be negative).
  if (!digits || digits.startsWith("0")) return false;
  const sum = [...digits].reduce((total, char, i) => total + (Number(char) - (i === 0 ? 1 : 0)) * WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

/** The ABN grouped as the register shows it: "51 824 753 556" (any other text is returned as it is). */
export function formatAbn(value: string): string {
  const digits = abnDigits(value);
  return digits ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : value;
}
