import { autoMapColumns, headerWords, normaliseHeader } from "./column-mapping";
import { SKIP, type ImportType } from "./import-fields";

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
