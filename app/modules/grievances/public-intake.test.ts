import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, longDate, NAME_NOT_GIVEN, PublicGrievanceSchema, publicGrievanceFields, tooManySubmissionsMessage, whatHappensNext } from "./public-intake";
import { clientAddressKey, formTokenOf, isFormTokenShape, newFormToken, readReceipt, signReceipt } from "./public-intake-signing.server";

const parse = (fields: Record<string, unknown>) => PublicGrievanceSchema.safeParse(fields);
const errors = (fields: Record<string, unknown>) => {
  const result = parse(fields);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the public grievance form's schema", () => {
  it("needs what happened; everything else is optional", () => {
    expect(errors({ whatHappened: "  " })).toEqual({ whatHappened: "Tell us what happened" });
    const ok = parse({ whatHappened: " The gate was left open. ", name: "", email: "", phone: "", location: "" });
    expect(ok.success && ok.data).toEqual({ name: null, email: null, phone: null, location: null, whatHappened: "The gate was left open.", honeypotFilled: false });
  });

  it("checks the e-mail address, the phone number and the lengths", () => {
    expect(errors({ whatHappened: "x", email: "not-an-address" })).toEqual({ email: "Enter an e-mail address in the correct format, like name@example.com" });
    expect(errors({ whatHappened: "x", phone: "call me" })).toHaveProperty("phone");
    expect(errors({ whatHappened: "x", phone: "12-34" })).toHaveProperty("phone");
    expect(errors({ whatHappened: "x", phone: "+61 (2) 9999-0000" })).toEqual({});
    expect(errors({ whatHappened: "x".repeat(5001) })).toEqual({ whatHappened: "What happened must be 5,000 characters or fewer" });
    expect(errors({ whatHappened: "x", location: "y".repeat(501) })).toEqual({ location: "Location or property must be 500 characters or fewer" });
    expect(errors({ whatHappened: "x", name: "n".repeat(201) })).toEqual({ name: "Your name must be 200 characters or fewer" });
  });

  it("notices the honeypot", () => {
    const filled = parse({ whatHappened: "x", [HONEYPOT_FIELD]: "http://spam.example" });
    expect(filled.success && filled.data.honeypotFilled).toBe(true);
  });
});

describe("publicGrievanceFields", () => {
  const base = { name: null, email: null, phone: null, location: null, whatHappened: "Dust from the trucks.", honeypotFilled: false };

  it("is anonymous without a name or contact details; channel public form, category Other, severity Medium", () => {
    expect(publicGrievanceFields(base)).toEqual({
      channel: "public_form",
      complainantKind: "anonymous",
      complainantName: null,
      complainantContact: null,
      category: "other",
      severity: "medium",
      description: "Dust from the trucks.",
    });
  });

  it("keeps a named person with their contact details, and contact details without a name", () => {
    expect(publicGrievanceFields({ ...base, name: "Ann Lee", email: "ann@example.com", phone: "0400 000 000" })).toMatchObject({
      complainantKind: "person",
      complainantName: "Ann Lee",
      complainantContact: "E-mail: ann@example.com; Phone: 0400 000 000",
    });
    expect(publicGrievanceFields({ ...base, phone: "0400 000 000" })).toMatchObject({ complainantKind: "person", complainantName: NAME_NOT_GIVEN, complainantContact: "Phone: 0400 000 000" });
    expect(publicGrievanceFields({ ...base, name: "Ann Lee" })).toMatchObject({ complainantKind: "person", complainantName: "Ann Lee", complainantContact: null });
  });

  it("adds the location to the description", () => {
    expect(publicGrievanceFields({ ...base, location: "Lot 4, Ridge Road" }).description).toBe("Dust from the trucks.\n\nLocation or property: Lot 4, Ridge Road");
  });
});

describe("the form's address token", () => {
  it("is 192 random bits in base64url, different every time", () => {
    const a = newFormToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(24);
    expect(newFormToken()).not.toBe(a);
    expect(isFormTokenShape(a)).toBe(true);
    expect(isFormTokenShape("short")).toBe(false);
    expect(isFormTokenShape(`${a}/`)).toBe(false);
    expect(formTokenOf({ grievanceFormToken: a })).toBe(a);
    expect(formTokenOf({ grievanceFormToken: 42 })).toBeNull();
    expect(formTokenOf(null)).toBeNull();
  });
});

describe("the confirmation's signed receipt", () => {
  const receipt = { reference: "G-0012", acknowledgeBy: "2026-12-03", resolveBy: "2027-01-14", mailed: true };
  const now = Date.UTC(2026, 10, 26, 3, 0, 0);

  it("reads back what was signed, on the same form's address, within the hour", () => {
    const value = signReceipt(receipt, "token-a", "secret", now);
    expect(value).not.toContain("G-0012");
    expect(Object.keys(JSON.parse(Buffer.from(value.split(".")[0]!, "base64url").toString())).sort()).toEqual(["a", "d", "m", "r", "x"]);
    expect(readReceipt(value, "token-a", "secret", now + 59 * 60_000)).toEqual(receipt);
    expect(readReceipt(value, "token-b", "secret", now)).toBeNull();
    expect(readReceipt(value, "token-a", "secret", now + 61 * 60_000)).toBeNull();
    expect(readReceipt(value, "token-a", "another secret", now)).toBeNull();
  });

  it("refuses a changed payload or signature, and rubbish", () => {
    const [payload, signature] = signReceipt(receipt, "t", "secret", now).split(".");
    const forged = Buffer.from(JSON.stringify({ r: "G-9999", a: "2026-12-03", d: "2027-01-14", m: 0, x: now / 1000 + 3600 })).toString("base64url");
    expect(readReceipt(`${forged}.${signature}`, "t", "secret", now)).toBeNull();
    expect(readReceipt(`${payload}.${signature}x`, "t", "secret", now)).toBeNull();
    for (const junk of [null, "", "abc", "a.b.c", "x".repeat(2000)]) expect(readReceipt(junk, "t", "secret", now)).toBeNull();
  });
});

describe("wording and keys", () => {
  it("says the dates in words, and how long to wait", () => {
    expect(longDate("2026-12-04")).toBe("Friday 4 December 2026");
    expect(whatHappensNext({ acknowledgeBy: "2026-12-04", resolveBy: "2027-01-15" })[0]).toBe("We will acknowledge your grievance by Friday 4 December 2026.");
    expect(whatHappensNext({ acknowledgeBy: "2026-12-04", resolveBy: "2027-01-15" })[1]).toContain("We aim to resolve it by Friday 15 January 2027.");
    expect(tooManySubmissionsMessage(30_000)).toContain("try again in 1 minute,");
    expect(tooManySubmissionsMessage(59 * 60_000 + 1)).toContain("try again in 60 minutes");
  });

  it("hashes the client's address", () => {
    expect(clientAddressKey("203.0.113.9")).toMatch(/^[0-9a-f]{64}$/);
    expect(clientAddressKey("203.0.113.9")).not.toBe(clientAddressKey("203.0.113.10"));
    expect(clientAddressKey(undefined)).toBe(clientAddressKey(""));
  });
});
