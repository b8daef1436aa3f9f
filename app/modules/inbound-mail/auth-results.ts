/**
 * SPF and DKIM as the receiving server reported them in its Authentication-Results header
 * (RFC 8601; docs/inbound-mail.md#review). Only the first (topmost) header counts: it is the one our
 * receiving server added; lower ones came with the message and could be forged by the sender.
 */
export interface AuthResults {
  spf: string | null;
  dkim: string | null;
}

const RESULT = (method: string) => new RegExp(`(?:^|[;\\s])${method}\\s*=\\s*([a-z]+)`, "i");

export function parseAuthenticationResults(header: string | null | undefined): AuthResults {
  if (!header) return { spf: null, dkim: null };
  // Comments in parentheses may quote other results ("(sender SPF authorized)"); drop them.
  const text = header.replace(/\([^)]*\)/g, " ");
  const spf = RESULT("spf").exec(text)?.[1]?.toLowerCase() ?? null;
  // Several DKIM signatures: one that passes is enough; otherwise the first result.
  const dkims = [...text.matchAll(new RegExp(RESULT("dkim").source, "gi"))].map((m) => m[1]!.toLowerCase());
  const dkim = dkims.includes("pass") ? "pass" : (dkims[0] ?? null);
  return { spf, dkim };
}

/** A check that was made and failed: the message stays in review. "none" or no result is not a failure. */
export function authenticationFailed({ spf, dkim }: AuthResults): boolean {
  const failed = (result: string | null) => result === "fail" || result === "softfail" || result === "permerror";
  return failed(spf) || failed(dkim);
}
