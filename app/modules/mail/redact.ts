/**
 * What the mail delivery screen shows of a message's recipients and of a server's answer
 * (docs/operations.md#mail-delivery): enough for an administrator to tell which department or mail
 * domain is affected, not whose mailbox it is. The body and subject are never shown.
 */
const ADDRESS = /([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+)@([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)/g;

/** "pmo@corp.example" → "p…@corp.example": the first character of the mailbox and the whole domain. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "…";
  return `${address[0]}…@${address.slice(at + 1).toLowerCase()}`;
}

/** Every address inside a free text (a server's refusal often repeats the recipient), masked. */
export function maskAddressesIn(text: string): string {
  return text.replace(ADDRESS, (match) => maskAddress(match));
}

/** The recipients as one short line: the first two masked, then how many more. */
export function recipientSummary(addresses: readonly string[]): string {
  if (addresses.length === 0) return "no recipients";
  const shown = addresses.slice(0, 2).map(maskAddress).join(", ");
  const more = addresses.length - 2;
  return more > 0 ? `${shown} and ${more} more` : shown;
}
