import { describe, expect, it } from "vitest";
import { givenNameKey, propertyMatchKeys, stakeholderMatchKeys, streetKey } from "./match-keys";

const shared = (a: string[], b: string[]) => a.filter((k) => b.includes(k));

describe("stakeholder match keys", () => {
  it("keys e-mails and phones in every slot, canonical", () => {
    const keys = stakeholderMatchKeys({ name: "Jo Citizen", email: " Jo@Example.COM ", email3: "jo.c@work.example", phone2: "+61 412 345 678" });
    expect(keys).toEqual(expect.arrayContaining(["e:jo@example.com", "e:jo.c@work.example", "p:0412345678"]));
  });

  it("gives swapped names, a missing middle name and a surname typo a shared name key", () => {
    const john = stakeholderMatchKeys({ name: "John Smith" });
    expect(shared(john, stakeholderMatchKeys({ name: "Smith, John" }))).not.toEqual([]);
    expect(shared(john, stakeholderMatchKeys({ name: "Smith John" }))).not.toEqual([]);
    expect(shared(john, stakeholderMatchKeys({ name: "Mr John Michael Smith" }))).not.toEqual([]);
    expect(shared(john, stakeholderMatchKeys({ name: "John Smiht" }))).not.toEqual([]);
    expect(shared(john, stakeholderMatchKeys({ name: "Jonh Smith" }))).not.toEqual([]);
    expect(shared(john, stakeholderMatchKeys({ name: "Mary Jones" }))).toEqual([]);
  });

  it("keys a business on its first name word and its address, not on people's name keys", () => {
    const acme = stakeholderMatchKeys({ name: "Acme Proprietary Limited", memberType: "Business", address: "22 Lydiard St North, Ballarat VIC 3350" });
    expect(acme).toEqual(expect.arrayContaining(["a:3350:22"]));
    expect(shared(acme, stakeholderMatchKeys({ name: "ACME Pty Ltd" }))).not.toEqual([]);
    // A person's address is not a key: a household shares it.
    expect(stakeholderMatchKeys({ name: "Jo Citizen", address: "22 Lydiard St North, Ballarat VIC 3350" }).some((k) => k.startsWith("a:"))).toBe(false);
  });

  it("has no given-name key for an initial", () => {
    expect(givenNameKey("J Smith")).toBeNull();
    expect(givenNameKey("Smith")).toBeNull();
    expect(givenNameKey("John Smith")).toMatch(/^J.*:S$/);
  });

  it("gives a record with nothing to match on no keys", () => {
    expect(stakeholderMatchKeys({ name: "" })).toEqual([]);
  });
});

describe("property match keys", () => {
  it("keys the title exactly and without its suffix, the lot/plan and the address", () => {
    const keys = propertyMatchKeys({ volume: "010234", folio: "0512A", lot: "3", planNumber: "DP12345", address: "12 Smith Rd, Ballarat VIC 3350" });
    expect(keys).toEqual(expect.arrayContaining(["vf:10234/512A", "vb:10234/512", "lp:3/12345", "a:3350:12"]));
  });

  it("lets Rd/Road and a missing postcode meet through the street key", () => {
    expect(streetKey("12 Smith Rd Ballarat")).toBe(streetKey("12 Smith Road, Ballarat VIC 3350"));
    expect(streetKey("Unit 3, 12 Smith Rd")).toBe(streetKey("3/12 Smith Road"));
    expect(streetKey("14 Smith Rd")).not.toBe(streetKey("12 Smith Rd"));
  });
});

describe("phones in the other number fields", () => {
  it("key a mobile, home or business number as a phone", () => {
    expect(stakeholderMatchKeys({ name: "Jo Citizen", mobile: "0412 345 678", homePhone: "(03) 5352 1234" })).toEqual(expect.arrayContaining(["p:0412345678", "p:0353521234"]));
  });
});
