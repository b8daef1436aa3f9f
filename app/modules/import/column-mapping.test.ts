import { autoMapColumns, headerWords, MAPPING_MESSAGES, normaliseCustomName, normaliseHeader, validateMapping } from "./column-mapping";
import { synonymTable } from "./column-synonyms";
import { CREATE_NEW_FIELD, importField, importFields, SKIP, type ImportType } from "./import-fields";

const target = (type: ImportType, header: string) => autoMapColumns(type, [header])[0]!.target;
const targets = (type: ImportType, headers: string[]) => autoMapColumns(type, headers).map((m) => m.target);

describe("normaliseHeader", () => {
  it("ignores case, spaces, punctuation, accents and plurals", () => {
    for (const header of ["E-mail Address", "email_address", "EmailAddresses", "  EMAIL   ADDRESS ", "e mail address:", "Email.Address"]) expect(normaliseHeader(header)).toBe("emailaddress");
    expect(normaliseHeader("Phone No.")).toBe("phoneno");
    expect(normaliseHeader("Lot/Plan")).toBe("lotplan");
    expect(normaliseHeader("Propriétaire")).toBe("proprietaire");
    expect(normaliseHeader("Owners")).toBe("owner");
    expect(normaliseHeader("Addresses")).toBe("address");
    expect(normaliseHeader("Status")).toBe("status");
    expect(normaliseHeader("Bed & Breakfast")).toBe("bedandbreakfast");
    expect(normaliseHeader("!!")).toBe("");
  });

  it("splits camelCase, acronyms and digits into words", () => {
    expect(headerWords("nextActionDueDate")).toEqual(["next", "action", "due", "date"]);
    expect(headerWords("LandholderName")).toEqual(["landholder", "name"]);
    expect(headerWords("SPINumber")).toEqual(["spi", "number"]);
    expect(headerWords("Email2")).toEqual(["email", "2"]);
    expect(headerWords("address1Lat")).toEqual(["address", "1", "lat"]);
  });
});

describe("autoMapColumns: exact name or label", () => {
  it("matches a field's key or label, whatever the case, spacing and punctuation", () => {
    expect(autoMapColumns("stakeholders", ["NAME"])).toEqual([{ index: 0, column: "NAME", target: "name", matchedBy: "exact" }]);
    expect(target("stakeholders", "Name:")).toBe("name");
    expect(target("stakeholders", "next action due date")).toBe("nextActionDueDate");
    expect(target("stakeholders", "nextActionDueDate")).toBe("nextActionDueDate");
    expect(target("stakeholders", "IAP2 Engagement Level")).toBe("iap2EngagementLevel");
    expect(target("stakeholders", "E-mail")).toBe("email");
    expect(target("stakeholders", "Email 2")).toBe("email2");
    expect(target("stakeholders", "MOBILE")).toBe("mobile");
    expect(target("properties", "Lot/Plan")).toBe("lotPlanLine");
    expect(target("properties", "lot_plan_line")).toBe("lotPlanLine");
    expect(target("properties", "eCT Controller")).toBe("ectController");
    expect(target("properties", "Has LAA")).toBe("hasLAA");
  });

  it("tells a field from its plural before ignoring plurals", () => {
    expect(targets("properties", ["Proprietor", "Proprietors"])).toEqual(["proprietor", "proprietors"]);
    expect(target("properties", "Proprietors")).toBe("proprietors");
    expect(target("properties", "Addresses")).toBe("addresses");
    expect(target("properties", "Encumbrance")).toBe("encumbrances");
  });
});

describe("autoMapColumns: synonyms", () => {
  it("knows the spec's examples", () => {
    expect(autoMapColumns("stakeholders", ["Full Name"])[0]).toMatchObject({ target: "name", matchedBy: "synonym" });
    expect(target("stakeholders", "Mob")).toBe("mobile");
    expect(target("stakeholders", "Postal Address")).toBe("address");
    expect(target("stakeholders", "Owner")).toBe("name");
    expect(target("properties", "Owner")).toBe("proprietors");
    expect(target("properties", "Tax Value")).toBe("taxAssessedValue");
  });

  it("knows the words stakeholder files use", () => {
    const cases: [string, string][] = [
      ["E-mail Address", "email"],
      ["Email Address", "email"],
      ["Landholder", "name"],
      ["Owner Name", "name"],
      ["Phone No.", "phone"],
      ["Ph", "phone"],
      ["Mobile Number", "mobile"],
      ["Street Address", "address"],
      ["Business Name", "companyName"],
      ["Work Phone", "businessPhone"],
      ["Phone (AH)", "homePhone"],
      ["Secondary Email Address", "email2"],
      ["Type", "memberType"],
      ["Category", "stakeholderCategory"],
      ["Influence", "influenceLevel"],
      ["IAP2", "iap2EngagementLevel"],
      ["Due Date", "nextActionDueDate"],
      ["Comments", "notes"],
      ["Lat", "latitude"],
      ["Long", "longitude"],
      ["Suburb", "custom:Suburb"],
      ["Postcode", "custom:Postcode"],
      ["Post Code", "custom:Postcode"],
      ["Council", "custom:LGA"],
      ["LGA", "custom:LGA"],
      ["ABN", "custom:ABN"],
    ];
    for (const [header, expected] of cases) expect([header, target("stakeholders", header)]).toEqual([header, expected]);
  });

  it("knows the words title extracts and property lists use", () => {
    const cases: [string, string][] = [
      ["Vol", "volume"],
      ["Vol.", "volume"],
      ["Volume", "volume"],
      ["Fol", "folio"],
      ["Folio", "folio"],
      ["Lot on Plan", "lotPlanLine"],
      ["Lot/DP", "lotPlanLine"],
      ["Parcel", "lotPlanLine"],
      ["Parcel ID", "uid"],
      ["Title Ref", "search"],
      ["Title Reference", "search"],
      ["Landholder", "proprietors"],
      ["Owner Name", "proprietors"],
      ["Owner(s)", "proprietors"],
      ["Registered Proprietor", "proprietors"],
      ["Tenure", "titleType"],
      ["Property Address", "address"],
      ["Street Address", "address"],
      ["Land Value", "taxAssessedValue"],
      ["Market Value", "estimatedValue"],
      ["Zone", "zoning"],
      ["Land Use", "propertyUse"],
      ["Area (ha)", "area"],
      ["DP", "planNumber"],
      ["SPI", "spiNumber"],
      ["LAA", "hasLAA"],
      ["LAA Expiry", "laaExpiryDate"],
      ["Council", "custom:LGA"],
      ["Parish", "custom:Parish"],
      ["Suburb", "custom:Suburb"],
    ];
    for (const [header, expected] of cases) expect([header, target("properties", header)]).toEqual([header, expected]);
  });

  it("reads a property file's contact details as its owner's, not the parcel's", () => {
    expect(targets("properties", ["Postal Address", "Phone", "Email"])).toEqual(["ownerAddress", "ownerPhone", "ownerEmail"]);
    expect(targets("properties", ["Owner Postal Address", "Mobile"])).toEqual(["ownerAddress", "ownerPhone"]);
  });
});

describe("autoMapColumns: partial containment", () => {
  it("finds a field inside a longer header, or a header inside a longer label", () => {
    expect(autoMapColumns("properties", ["Land Area (ha)"])[0]).toMatchObject({ target: "area", matchedBy: "partial" });
    expect(autoMapColumns("properties", ["Assessed"])[0]).toMatchObject({ target: "taxAssessedValue", matchedBy: "partial" });
    expect(target("stakeholders", "Landholder Full Name")).toBe("name");
    expect(target("stakeholders", "Primary Contact Email Address")).toBe("email");
    expect(target("properties", "Current Zoning Code")).toBe("zoning");
  });

  it("reads a header by its last words: an owner's phone is a phone", () => {
    expect(target("stakeholders", "Owner Phone")).toBe("phone");
    expect(target("stakeholders", "Landholder Mobile")).toBe("mobile");
    expect(target("stakeholders", "Landholder Email")).toBe("email");
    expect(target("stakeholders", "Registered Proprietor Postal Address")).toBe("address");
    expect(target("properties", "Registered Proprietor Postal Address")).toBe("ownerAddress");
  });

  it("prefers the longest shared part among equally placed matches", () => {
    // "contact phone" (a label) and "phone" both end the header; the longer decides.
    expect(target("stakeholders", "Landholder Contact Phone")).toBe("contactPhone");
    expect(target("properties", "Tax Assessed Value 2024")).toBe("taxAssessedValue");
  });

  it("does not let short words such as id, no or lot decide", () => {
    for (const header of ["ID", "Record ID", "No.", "Lot ID", "Ref", "#"]) expect([header, target("properties", header)]).toEqual([header, SKIP]);
    expect(autoMapColumns("stakeholders", ["ID"])[0]).toMatchObject({ target: SKIP, matchedBy: "none" });
  });
});

describe("autoMapColumns: unmatched and contested columns", () => {
  it("leaves unmatched and blank headers on Skip", () => {
    expect(autoMapColumns("stakeholders", ["Favourite colour", "", "   "])).toEqual([
      { index: 0, column: "Favourite colour", target: SKIP, matchedBy: "none" },
      { index: 1, column: "", target: SKIP, matchedBy: "none" },
      { index: 2, column: "   ", target: SKIP, matchedBy: "none" },
    ]);
  });

  it("gives a field to one column only: the first of equal matches", () => {
    expect(targets("stakeholders", ["Email", "E-mail"])).toEqual(["email", SKIP]);
    expect(targets("stakeholders", ["Owner", "Landholder", "Full Name"])).toEqual(["name", SKIP, SKIP]);
    expect(targets("properties", ["Council", "LGA"])).toEqual(["custom:LGA", SKIP]);
  });

  it("gives a field to the best match, wherever it stands", () => {
    expect(targets("stakeholders", ["E-mail Address", "Email"])).toEqual([SKIP, "email"]);
    expect(targets("stakeholders", ["Landholder Email", "Email Address"])).toEqual([SKIP, "email"]);
    expect(targets("properties", ["Property Address", "Address"])).toEqual([SKIP, "address"]);
  });

  it("maps a real landholder list", () => {
    const headers = ["Landholder", "Business Name", "ABN", "E-mail Address", "Phone No.", "Mob", "Postal Address", "Suburb", "State", "Postcode", "Type", "Notes", "Last Contact", "ID"];
    expect(targets("stakeholders", headers)).toEqual([
      "name",
      "companyName",
      "custom:ABN",
      "email",
      "phone",
      "mobile",
      "address",
      "custom:Suburb",
      "custom:State",
      "custom:Postcode",
      "memberType",
      "notes",
      "lastContact",
      SKIP,
    ]);
  });

  it("maps a real title search extract", () => {
    const headers = [
      "Title Ref",
      "Vol",
      "Fol",
      "Lot on Plan",
      "Property Address",
      "Registered Proprietor",
      "Tenure",
      "Parish",
      "LGA",
      "Area (ha)",
      "Encumbrances",
      "Owner Postal Address",
      "Owner Phone",
    ];
    expect(targets("properties", headers)).toEqual([
      "search",
      "volume",
      "folio",
      "lotPlanLine",
      "address",
      "proprietors",
      "titleType",
      "custom:Parish",
      "custom:LGA",
      "area",
      "encumbrances",
      "ownerAddress",
      "ownerPhone",
    ]);
  });
});

describe("normaliseCustomName", () => {
  it("trims, collapses spaces and drops control characters", () => {
    expect(normaliseCustomName("  Parish   name ")).toBe("Parish name");
    expect(normaliseCustomName("Parish\u0000\tname\n")).toBe("Parish name");
    expect(normaliseCustomName("   ")).toBe("");
  });
});

describe("validateMapping", () => {
  const columns = ["Landholder", "Email", "Parish", "Favourite colour"];

  it("accepts a mapping and names each column's target", () => {
    const result = validateMapping("stakeholders", columns, [{ target: "name" }, { target: "email" }, { target: CREATE_NEW_FIELD, newFieldName: "  Parish   name " }, { target: SKIP }]);
    expect(result).toEqual({
      ok: true,
      columns: [
        { index: 0, column: "Landholder", target: "name", field: importField("stakeholders", "name") },
        { index: 1, column: "Email", target: "email", field: importField("stakeholders", "email") },
        { index: 2, column: "Parish", target: "custom:Parish name", field: { key: "custom:Parish name", label: "Parish name", type: "text", required: false, maxLength: 5000 } },
      ],
      customNames: ["Parish name"],
      missingRequired: [],
    });
  });

  it("accepts the /api form of a custom field, custom:Name", () => {
    const result = validateMapping("properties", ["Address", "Parish"], [{ target: "address" }, { target: "custom: Parish " }]);
    expect(result.ok && result.columns.map((c) => c.target)).toEqual(["address", "custom:Parish"]);
  });

  it("needs at least one column that is not skipped", () => {
    const expected = { ok: false, errors: {}, formError: "Map at least one column to a field before importing" };
    expect(validateMapping("stakeholders", columns, [{ target: SKIP }, { target: "" }, { target: null }, {}])).toEqual(expected);
    expect(validateMapping("stakeholders", columns, [])).toEqual(expected);
  });

  it("needs a name for every new field", () => {
    const result = validateMapping("stakeholders", columns, [{ target: "name" }, { target: CREATE_NEW_FIELD, newFieldName: "   " }, { target: CREATE_NEW_FIELD }, { target: "custom:" }]);
    expect(result).toEqual({ ok: false, errors: { 1: "Enter a name for the new field", 2: "Enter a name for the new field", 3: "Enter a name for the new field" }, formError: null });
  });

  it("counts a column set to Create new field as mapped, even before it is named", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD }])).toEqual({ ok: false, errors: { 0: "Enter a name for the new field" }, formError: null });
  });

  it("refuses a field the import type does not have", () => {
    expect(validateMapping("stakeholders", ["Vol"], [{ target: "volume" }])).toEqual({ ok: false, errors: { 0: "Choose a field from the list" }, formError: null });
    expect(validateMapping("properties", ["X"], [{ target: "__proto__" }])).toEqual({ ok: false, errors: { 0: "Choose a field from the list" }, formError: null });
  });

  it("refuses a field chosen for two columns, naming the first", () => {
    const result = validateMapping("stakeholders", ["Email", "E-mail Address", "Work email"], [{ target: "email" }, { target: "email" }, { target: "email" }]);
    expect(result).toEqual({
      ok: false,
      errors: { 1: "Email is already chosen for column 'Email': choose another field or Skip", 2: "Email is already chosen for column 'Email': choose another field or Skip" },
      formError: null,
    });
  });

  it("refuses two new fields whose names differ only in case or spacing", () => {
    const result = validateMapping(
      "stakeholders",
      ["Parish", "PARISH"],
      [
        { target: CREATE_NEW_FIELD, newFieldName: "Parish" },
        { target: CREATE_NEW_FIELD, newFieldName: " parish " },
      ],
    );
    expect(result).toEqual({ ok: false, errors: { 1: "parish is already chosen for column 'Parish': choose another field or Skip" }, formError: null });
  });

  it("refuses a new field named like an existing one", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "E-mail" }])).toEqual({
      ok: false,
      errors: { 0: "Email is already a field: choose it from the list" },
      formError: null,
    });
    expect(validateMapping("properties", ["A"], [{ target: "custom:lotPlanLine" }])).toEqual({ ok: false, errors: { 0: "Lot/Plan is already a field: choose it from the list" }, formError: null });
  });

  it("refuses names that would reach an object's prototype, and over-long names", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: "custom:__proto__" }])).toEqual({ ok: false, errors: { 0: "Choose another name: '__proto__' cannot be used" }, formError: null });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "constructor" }])).toEqual({
      ok: false,
      errors: { 0: "Choose another name: 'constructor' cannot be used" },
      formError: null,
    });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "x".repeat(101) }])).toEqual({ ok: false, errors: { 0: MAPPING_MESSAGES.nameTooLong }, formError: null });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "x".repeat(100) }]).ok).toBe(true);
  });

  it("allows at most 100 custom fields", () => {
    const many = Array.from({ length: 101 }, (_, i) => `Extra ${i}`);
    const result = validateMapping(
      "stakeholders",
      many,
      many.map((name) => ({ target: CREATE_NEW_FIELD, newFieldName: name })),
    );
    expect(result).toEqual({ ok: false, errors: {}, formError: "At most 100 custom fields" });
    expect(
      validateMapping(
        "stakeholders",
        many.slice(1),
        many.slice(1).map((name) => ({ target: CREATE_NEW_FIELD, newFieldName: name })),
      ).ok,
    ).toBe(true);
  });

  it("reports a required field left unmapped without refusing the mapping", () => {
    const result = validateMapping("properties", ["Vol", "Fol"], [{ target: "volume" }, { target: "folio" }]);
    expect(result.ok).toBe(true);
    expect(result.ok && result.missingRequired.map((f) => f.key)).toEqual(["address"]);
  });

  it("validates the automatic mapping as it stands", () => {
    const headers = ["Landholder", "E-mail Address", "Council", "ID"];
    const auto = autoMapColumns("stakeholders", headers);
    const result = validateMapping("stakeholders", headers, auto);
    expect(result.ok && result.columns.map((c) => [c.index, c.target])).toEqual([
      [0, "name"],
      [1, "email"],
      [2, "custom:LGA"],
    ]);
  });
});

describe("the synonym table", () => {
  // Compared as written (plurals kept): "Addresses" and "Address" are told apart before plurals are ignored.
  const literal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

  it.each(["stakeholders", "properties"] as const)("sends each %s spelling to one target, and never to a missing field", (type) => {
    const seen = new Map<string, string>();
    const clash: string[] = [];
    for (const field of importFields(type)) {
      for (const name of field.matchNames ?? [field.key, field.label]) {
        const key = literal(name);
        if (seen.has(key) && seen.get(key) !== field.key) clash.push(`${name}: ${seen.get(key)} / ${field.key}`);
        seen.set(key, field.key);
      }
    }
    for (const [target, spellings] of Object.entries(synonymTable(type))) {
      expect([target, target === SKIP || target.startsWith("custom:") || importField(type, target) !== undefined]).toEqual([target, true]);
      for (const spelling of spellings) {
        const key = literal(spelling);
        const earlier = seen.get(key);
        // A synonym equal to another field's exact name could never be reached.
        if (earlier !== undefined && earlier !== target) clash.push(`${spelling}: ${earlier} / ${target}`);
        seen.set(key, target);
      }
    }
    expect(clash).toEqual([]);
  });
});
