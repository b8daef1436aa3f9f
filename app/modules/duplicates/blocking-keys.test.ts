import { addressKey, emailKeys, nameKey, phoneKeys, phoneticCode, propertyBlockingKeys, stakeholderBlockingKeys } from "./blocking-keys";

describe("phoneticCode (Double Metaphone primary)", () => {
  it("gives one code to names that sound alike", () => {
    expect(phoneticCode("Smith")).toBe("SM0");
    expect(phoneticCode("Smyth")).toBe("SM0");
    expect(phoneticCode("Stephens")).toBe(phoneticCode("Stevens"));
    expect(phoneticCode("Catherine")).toBe(phoneticCode("Katherine"));
    expect(phoneticCode("MacDonald")).toBe(phoneticCode("McDonald"));
    expect(phoneticCode("Müller")).toBe(phoneticCode("Muller"));
  });

  it("keeps different names apart", () => {
    expect(phoneticCode("Smith")).not.toBe(phoneticCode("Brown"));
    expect(phoneticCode("")).toBe("");
  });
});

describe("nameKey", () => {
  it("is the surname's code with the first initial, whatever the writing", () => {
    expect(nameKey("John Smith")).toBe("SM0:J");
    expect(nameKey("Smyth, J.")).toBe("SM0:J");
    expect(nameKey("Dr Jon Michael Smith")).toBe("SM0:J");
    expect(nameKey("SMITH, John")).toBe("SM0:J");
    expect(nameKey("Jane Smith")).toBe("SM0:J");
    expect(nameKey("Mary Smith")).toBe("SM0:M");
  });

  it("is the code alone for one word, the first word's for a business, null for nothing", () => {
    expect(nameKey("Smith")).toBe("SM0");
    expect(nameKey("Acme Holdings Pty Ltd", true)).toBe(nameKey("ACME Proprietary Limited", true));
    expect(nameKey("Acme Holdings Pty Ltd", true)).toMatch(/^B:/);
    expect(nameKey("")).toBeNull();
    expect(nameKey(null)).toBeNull();
  });
});

describe("stakeholder keys", () => {
  it("puts e-mails and phones in canonical form from every slot, without repeats", () => {
    const record = {
      name: "John Smith",
      email: " John@Example.com",
      email2: "john@example.com",
      email3: "j.smith@work.au",
      phone: "+61 412 345 678",
      phone2: "0412 345 678",
      phone3: "(03) 5352 1234",
    };
    expect(emailKeys(record)).toEqual(["john@example.com", "j.smith@work.au"]);
    expect(phoneKeys(record)).toEqual(["0412345678", "0353521234"]);
  });

  it("skip phones too short to tell people apart", () => {
    expect(phoneKeys({ phone: "123", phone2: "ext 45" })).toEqual([]);
  });

  it("key addresses on postcode and street number", () => {
    expect(addressKey("22 Lake Rd, Buangor VIC 3375")).toBe("3375:22");
    expect(addressKey("Unit 3, 22 Lake Road Buangor 3375")).toBe("3375:22");
    expect(addressKey("22 Lake Rd")).toBeNull();
    expect(addressKey("Lake Rd Buangor 3375")).toBeNull();
  });

  it("are gathered in one object", () => {
    expect(stakeholderBlockingKeys({ name: "Smith, John", email: "A@B.au", phone: "0412345678", address: "22 Lake Rd Buangor 3375", address2: "22 Lake Road, Buangor, 3375" })).toEqual({
      emails: ["a@b.au"],
      phones: ["0412345678"],
      name: "SM0:J",
      addresses: ["3375:22"],
    });
    expect(stakeholderBlockingKeys({})).toEqual({ emails: [], phones: [], name: null, addresses: [] });
  });
});

describe("property keys", () => {
  it("key volume/folio with and without the suffix", () => {
    expect(propertyBlockingKeys({ volume: "010234", folio: "0512A" })).toMatchObject({ volumeFolio: "10234/512A", volumeFolioBase: "10234/512" });
    expect(propertyBlockingKeys({ volume: "10234/512" })).toMatchObject({ volumeFolio: "10234/512", volumeFolioBase: "10234/512" });
  });

  it("key lot/plan without the plan type, from the fields or the line", () => {
    expect(propertyBlockingKeys({ lot: "3", planNumber: "DP12345" }).lotPlan).toBe("3/12345");
    expect(propertyBlockingKeys({ lotPlanLine: "Lot 3 on Deposited Plan 12345" }).lotPlan).toBe("3/12345");
  });

  it("key the address on postcode and street number, and are null when nothing is known", () => {
    expect(propertyBlockingKeys({ address: "22 Lake Rd, Buangor VIC 3375" }).address).toBe("3375:22");
    expect(propertyBlockingKeys({ address: "" })).toEqual({ volumeFolio: null, volumeFolioBase: null, lotPlan: null, address: null });
  });
});
