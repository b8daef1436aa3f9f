import { bestMatch, percent } from "./match";
import { matchStakeholder } from "./match-stakeholders";

describe("matchStakeholder", () => {
  it("matches the same e-mail in any slot, whatever the case", () => {
    expect(matchStakeholder({ name: "J Citizen", email: "Jane@Example.com" }, { name: "Jane Citizen", email3: " jane@example.COM " })).toEqual({
      similarity: 1,
      matchType: "email",
      reason: "same e-mail",
    });
  });

  it("matches the same phone in canonical form, in any slot", () => {
    expect(matchStakeholder({ name: "", phone2: "+61 412 345 678" }, { name: "Ann Lee", phone: "0412 345 678" })).toEqual({ similarity: 0.95, matchType: "phone", reason: "same phone" });
    expect(matchStakeholder({ name: "A", phone: "(03) 5352 1234" }, { name: "B", phone3: "+61 3 5352 1234" })?.matchType).toBe("phone");
  });

  it("scores a shared phone with another name as a possible household, not 95 %", () => {
    // The example: the only thing in common is the (made-up) mobile.
    expect(matchStakeholder({ name: "John Albert Citizen", phone: "0412 345 678" }, { name: "Margaret Ellis", mobile: "+61 412 345 678" })).toEqual({
      similarity: 0.5,
      matchType: "phone",
      reason: "same phone, different name — possibly the same household",
    });
  });

  // A shared contact is scored by how alike the names are: alike (the looser name measure ≥ 80 %, or a name
  // blank) keeps 100 % / 95 %; otherwise 50 % plus a quarter of the names' similarity, under 70 %.
  const HOUSEHOLD = "different name — possibly the same household";
  it.each([
    ["phone, same name", { name: "Mary O'Brien", phone: "03 5352 1234" }, { name: "Mary OBrien", phone: "+61 3 5352 1234" }, 1, "name", "same name"],
    ["phone, two typos", { name: "Jon Smith", phone: "0412345678" }, { name: "John Smyth", phone: "0412 345 678" }, 0.95, "phone", "same phone"],
    ["phone, initial", { name: "O. Marchbanks", phone: "0455 310 992" }, { name: "Odette Marchbanks", phone: "0455310992" }, 0.95, "phone", "same phone"],
    ["phone, incoming name blank", { name: "", phone: "0455 310 992" }, { name: "Odette Marchbanks", phone: "0455310992" }, 0.95, "phone", "same phone"],
    ["phone, same surname", { name: "Beatrice Quennell", phone: "+61 455 310 992" }, { name: "Bartholomew Quennell", phone: "0455 310 992" }, 0.625, "phone", `same phone, ${HOUSEHOLD}`],
    ["phone, a short given name", { name: "Bill John Smith", phone: "0412345678" }, { name: "William John Smith", phone: "0412345678" }, 0.95, "phone", "same phone"],
    ["e-mail, a short given name surname first", { name: "SMITH, Kate", email: "ks@example.com" }, { name: "Katherine Smith", email: "KS@example.com" }, 1, "email", "same e-mail"],
    ["phone, a short given name of another surname", { name: "Tom Jones", phone: "0412345678" }, { name: "Thomas Brown", phone: "0412345678" }, 0.625, "phone", `same phone, ${HOUSEHOLD}`],
    ["phone, one word of the name", { name: "Smith", phone: "0412345678" }, { name: "John Smith", phone: "0412345678" }, 0.688, "phone", `same phone, ${HOUSEHOLD}`],
    ["phone, nothing in common", { name: "Wilhelmina Strachan", phone: "0412345678" }, { name: "Tom Baker", phone2: "0412345678" }, 0.5, "phone", `same phone, ${HOUSEHOLD}`],
    ["e-mail, two typos and a middle name", { name: "Jon Smyth", email: "JOHN.SMITH@EXAMPLE.COM" }, { name: "John Michael Smith", email: "john.smith@example.com" }, 1, "email", "same e-mail"],
    ["e-mail, same surname", { name: "Jane Smith", email: "smiths@example.com" }, { name: "John Smith", email2: "Smiths@example.com" }, 0.625, "email", `same e-mail, ${HOUSEHOLD}`],
    [
      "e-mail and phone, other names",
      { name: "Zoe Park", email: "home@example.com", phone: "0412345678" },
      { name: "Ray Hill", email: "home@example.com", phone: "0412345678" },
      0.5,
      "email",
      `same e-mail, ${HOUSEHOLD}`,
    ],
    [
      "phone, a person and a business",
      { name: "John Kestrel", phone: "03 5345 1188" },
      { name: "Kestrel Grazing Pty Ltd", memberType: "Business", phone: "03 5345 1188" },
      0.625,
      "phone",
      "same phone, different name — possibly the same business or office",
    ],
    ["phone, a business's name alike", { name: "KESTREL GRAZING P/L", phone: "03 5345 1188" }, { name: "Kestrel Grazing Pty Ltd", phone: "0353451188" }, 1, "name", "same name"],
  ])("%s", (_case, incoming, existing, similarity, matchType, reason) => {
    expect(matchStakeholder(incoming, existing)).toEqual({ similarity, matchType, reason });
  });

  it("keeps every household score below the name threshold and the phone's 95 %", () => {
    const score = (a: string, b: string) => matchStakeholder({ name: a, phone: "0412345678" }, { name: b, phone: "0412345678" })!.similarity;
    for (const [a, b] of [
      ["Beatrice Quennell", "Bartholomew Quennell"],
      ["Maggie Ann Brown", "Margaret Ann Green"],
      ["Jane Smith", "John Smith"],
      ["Smith", "John Smith"],
      ["Ann Lee", "Lee"],
    ] as const) {
      expect(score(a, b)).toBeGreaterThanOrEqual(0.5);
      expect(score(a, b)).toBeLessThan(0.7);
    }
  });

  it("does not match on blank or too-short contacts", () => {
    expect(matchStakeholder({ name: "Alice Brown", email: " ", phone: "12" }, { name: "Bob Green", email: "", phone: "12" })).toBeNull();
  });

  it("matches similar names and says how similar", () => {
    expect(matchStakeholder({ name: "Smith, John" }, { name: "JOHN SMITH" })).toEqual({ similarity: 1, matchType: "name", reason: "same name" });
    const typo = matchStakeholder({ name: "Jon Smith" }, { name: "John Smith" })!;
    expect(typo.matchType).toBe("name");
    expect(typo.reason).toBe(`name ${percent(typo.similarity)} similar`);
    expect(typo.reason).toMatch(/^name \d+ % similar$/);
    expect(matchStakeholder({ name: "John Smith" }, { name: "John Michael Smith" })).toEqual({ similarity: 0.92, matchType: "name", reason: "name 92 % similar" });
    expect(matchStakeholder({ name: "Acme Pty Ltd" }, { name: "Acme Proprietary Limited" })?.similarity).toBe(1);
  });

  it("does not take a similar name when e-mails, phones or postcodes disagree", () => {
    const existing = { name: "David John Thomas", email: "dthomas@farm.example", address: "12 Creek Rd, Beaufort VIC 3373" };
    expect(matchStakeholder({ name: "David Thomas" }, existing)?.matchType).toBe("name");
    expect(matchStakeholder({ name: "David Thomas", email: "david.thomas@other.example" }, existing)).toBeNull();
    expect(matchStakeholder({ name: "David Thomas", address: "4 Main St, Ararat VIC 3377" }, existing)).toBeNull();
    expect(matchStakeholder({ name: "David Thomas", phone: "0400 111 222" }, { ...existing, phone: "0499 999 999" })).toBeNull();
    // One shared contact is a match whatever else differs.
    expect(matchStakeholder({ name: "D Thomas", email: "DThomas@farm.example", address: "4 Main St, Ararat VIC 3377" }, existing)?.matchType).toBe("email");
  });

  it("does not match different names", () => {
    expect(matchStakeholder({ name: "John Smith" }, { name: "Jane Smith" })).toBeNull();
    expect(matchStakeholder({ name: "" }, { name: "" })).toBeNull();
  });

  it("matches a business's address when the names share something, but not a person's", () => {
    const existing = { name: "Buangor Farms", memberType: "Business", address: "22 Lake Rd, Buangor VIC 3375" };
    expect(matchStakeholder({ name: "Buangor Grazing", memberType: "Business", address2: "22 Lake Road Buangor Victoria 3375" }, existing)).toEqual({
      similarity: 1,
      matchType: "address",
      reason: "same address",
    });
    expect(matchStakeholder({ name: "Buangor Grazing", memberType: "Organization", address: "22 Lkae Road Buangor 3375" }, existing)?.reason).toMatch(/^address \d+ % similar$/);
    // Another business at the same office is not the same business.
    expect(matchStakeholder({ name: "Lakeside Grazing", memberType: "Business", address: "22 Lake Rd Buangor 3375" }, existing)).toBeNull();
    expect(matchStakeholder({ name: "Mary Jones", memberType: "Individual", address: "22 Lake Rd Buangor 3375" }, { ...existing, name: "Tom Jones", memberType: "Individual" })).toBeNull();
    expect(matchStakeholder({ name: "Buangor Grazing", memberType: "Business", address: "24 Lake Rd Buangor 3375" }, existing)).toBeNull();
  });

  it("takes a business's name whatever its e-mails (a business has several), not when its phones or addresses differ", () => {
    expect(matchStakeholder({ name: "KESTREL GRAZING PTY LTD", email: "accounts@kestrel.example" }, { name: "Kestrel Grazing Proprietary Limited", email: "admin@kestrel.example" })).toMatchObject({
      matchType: "name",
      similarity: 1,
    });
    expect(matchStakeholder({ name: "Clarke Produce Pty Ltd", phone: "03 5345 1188" }, { name: "Clark Produce Pty Ltd", phone: "03 5331 2222" })).toBeNull();
  });

  it("does not take a name with a typo and a missing middle name, or one at another street address", () => {
    expect(matchStakeholder({ name: "Catherine Williams" }, { name: "Katherine Margaret Williams" })).toBeNull();
    expect(matchStakeholder({ name: "Deborah Williams", address: "4 Main St Ararat VIC 3377" }, { name: "Deborah Mia Williams", address: "19 Main St Ararat VIC 3377" })).toBeNull();
    // A PO box says where mail goes: it neither supports nor contradicts.
    expect(matchStakeholder({ name: "Deborah Williams", address: "PO Box 19, Ararat VIC 3377" }, { name: "Deborah Mia Williams", address: "4 Main St Ararat VIC 3377" })?.matchType).toBe("name");
  });

  it("takes the best match when several apply", () => {
    const match = matchStakeholder({ name: "Jon Smith", phone: "0412345678", email: "j@x.au" }, { name: "John Smith", phone: "0412 345 678", email: "J@X.AU" });
    expect(match?.matchType).toBe("email");
    // The most similar wins: a same phone (95 %) over a name with two typos, a name with one typo over the phone.
    expect(matchStakeholder({ name: "Jon Smith", phone: "0412345678" }, { name: "John Smyth", phone: "0412 345 678" })?.matchType).toBe("phone");
    expect(matchStakeholder({ name: "Jon Smith", phone: "0412345678" }, { name: "John Smith", phone: "0412 345 678" })?.matchType).toBe("name");
  });
});

describe("bestMatch", () => {
  it("keeps the first of equals and rounds the similarity", () => {
    expect(bestMatch([null, { similarity: 0.9, matchType: "a", reason: "" }, { similarity: 0.9, matchType: "b", reason: "" }])?.matchType).toBe("a");
    expect(bestMatch([{ similarity: 0.91234, matchType: "a", reason: "" }])?.similarity).toBe(0.912);
    expect(bestMatch([null, null])).toBeNull();
  });

  it("percent writes a similarity as the reasons do", () => {
    expect(percent(0.914)).toBe("91 %");
    expect(percent(1)).toBe("100 %");
  });
});
