import { customField, importField, type ImportField } from "./import-fields";
import { coerceCell, enumKey, parseDecimalText, showCell, type RawCell } from "./value-coercion";

const stakeholder = (key: string) => importField("stakeholders", key)!;
const property = (key: string) => importField("properties", key)!;
const value = (raw: RawCell, field: ImportField) => {
  const result = coerceCell(raw, field);
  if (!result.ok) throw new Error(`expected a value, got: ${result.reason}`);
  return result.value;
};
const reason = (raw: RawCell, field: ImportField) => {
  const result = coerceCell(raw, field);
  if (result.ok) throw new Error(`expected a reason, got: ${JSON.stringify(result.value)}`);
  return result.reason;
};

describe("blank cells", () => {
  it("are null for optional fields, whatever the type", () => {
    for (const key of ["email", "phone", "nextActionDueDate", "isActive", "memberType", "latitude", "notes"]) {
      for (const blank of [null, undefined, "", "   ", "\t\n"]) expect(value(blank, stakeholder(key))).toBeNull();
    }
    expect(value("", property("proprietors"))).toBeNull();
    expect(value("", property("squareFootage"))).toBeNull();
  });

  it("give the form's message for a required field", () => {
    expect(reason("", stakeholder("name"))).toBe("Name is required");
    expect(reason(null, stakeholder("name"))).toBe("Name is required");
    expect(reason("  ", property("address"))).toBe("Property address is required");
  });
});

describe("text", () => {
  it("is trimmed and otherwise kept as written", () => {
    expect(value("  Jane  Citizen ", stakeholder("name"))).toBe("Jane  Citizen");
    expect(value("Crème brûlée “Farm”", property("address"))).toBe("Crème brûlée “Farm”");
    expect(value("line one\nline two", stakeholder("notes"))).toBe("line one\nline two");
  });

  it("keeps formula-looking values as plain text, never evaluated", () => {
    expect(value('=HYPERLINK("http://evil.example","click")', stakeholder("name"))).toBe('=HYPERLINK("http://evil.example","click")');
    expect(value("+61 400 000 000", stakeholder("phone"))).toBe("+61 400 000 000");
    expect(value("-2+3", stakeholder("notes"))).toBe("-2+3");
    expect(value("@SUM(A1:A2)", property("notes"))).toBe("@SUM(A1:A2)");
    expect(value("=1+1", customField("Code"))).toBe("=1+1");
  });

  it("shows numbers, booleans and dates from Excel as a reader saw them", () => {
    expect(value(12345, property("volume"))).toBe("12345");
    expect(value(0.1 + 0.2, property("area"))).toBe("0.3");
    expect(value(2.43, property("area"))).toBe("2.43");
    expect(value(true, customField("Flag"))).toBe("TRUE");
    expect(value(new Date(Date.UTC(1987, 5, 4)), property("titleDate"))).toBe("04/06/1987");
  });

  it("refuses text longer than the field holds, and NUL characters PostgreSQL cannot store", () => {
    expect(value("a".repeat(200), stakeholder("name"))).toHaveLength(200);
    expect(reason("a".repeat(201), stakeholder("name"))).toBe(`Too long (201 characters, at most 200): '${"a".repeat(59)}…'`);
    expect(reason("Jane\u0000Citizen", stakeholder("name"))).toBe("Contains a NUL character, which cannot be stored: 'JaneCitizen'");
    expect(reason(new Date("nope"), stakeholder("name"))).toBe("Not text: 'Invalid Date'");
  });
});

describe("phone", () => {
  it("is kept as written, only trimmed", () => {
    expect(value(" (03) 5352 1234 ", stakeholder("phone"))).toBe("(03) 5352 1234");
    expect(value("0400 123 456 (after 5pm)", stakeholder("mobile"))).toBe("0400 123 456 (after 5pm)");
    // Excel dropped the leading zero of a number cell; nothing is added back.
    expect(value(412345678, stakeholder("mobile"))).toBe("412345678");
  });
});

describe("email", () => {
  it("is trimmed, lower-cased and checked", () => {
    expect(value("  Jane.Citizen@Example.COM ", stakeholder("email"))).toBe("jane.citizen@example.com");
    expect(value("o'brien+farm@example.com.au", stakeholder("email2"))).toBe("o'brien+farm@example.com.au");
  });

  it("refuses what is not one address", () => {
    expect(reason("jane at example.com", stakeholder("email"))).toBe("Not an e-mail address: 'jane at example.com'");
    expect(reason("a@example.com; b@example.com", stakeholder("email"))).toBe("Not an e-mail address: 'a@example.com; b@example.com'");
    expect(reason("jane@", stakeholder("email"))).toBe("Not an e-mail address: 'jane@'");
    expect(reason(42, stakeholder("email"))).toBe("Not an e-mail address: '42'");
    expect(reason(`${"a".repeat(250)}@example.com`, stakeholder("email"))).toMatch(/^Not an e-mail address: /);
  });
});

describe("date", () => {
  const due = stakeholder("nextActionDueDate");

  it("reads the forms files write, day first", () => {
    expect(value("03/04/2024", due)).toBe("2024-04-03");
    expect(value("3/4/24", due)).toBe("2024-04-03");
    expect(value("2024-04-03", due)).toBe("2024-04-03");
    expect(value("03-04-2024", due)).toBe("2024-04-03");
    expect(value("3 Apr 2024", due)).toBe("2024-04-03");
  });

  it("reads Excel serial numbers and real Excel dates", () => {
    expect(value(45354, due)).toBe("2024-03-03");
    expect(value(45354.75, property("laaExpiryDate"))).toBe("2024-03-03");
    expect(value(new Date(Date.UTC(2024, 2, 3)), due)).toBe("2024-03-03");
  });

  it("gives a plain reason for impossible or unreadable dates", () => {
    expect(reason("31/02/2024", due)).toBe("Not a date: '31/02/2024'");
    expect(reason("03/31/2024", due)).toBe("Not a date: '03/31/2024'");
    expect(reason("next week", due)).toBe("Not a date: 'next week'");
    expect(reason(60, due)).toBe("Not a date: '60'");
    expect(reason(true, due)).toBe("Not a date: 'true'");
    expect(reason(new Date("nope"), due)).toBe("Not a date: 'Invalid Date'");
  });
});

describe("parseDecimalText", () => {
  it("reads thousands separators, currency and spaces", () => {
    expect(parseDecimalText("1,234,567.89")).toBe(1234567.89);
    expect(parseDecimalText("$1,234.50")).toBe(1234.5);
    expect(parseDecimalText("AUD 1,234")).toBe(1234);
    expect(parseDecimalText("1 234 567")).toBe(1234567);
    expect(parseDecimalText("1\u00a0234.5")).toBe(1234.5);
    expect(parseDecimalText("A$ 250,000")).toBe(250000);
    expect(parseDecimalText("250000 AUD")).toBe(250000);
    expect(parseDecimalText(".5")).toBe(0.5);
    expect(parseDecimalText("+12")).toBe(12);
  });

  it("reads negatives written with a sign or in accounting parentheses", () => {
    expect(parseDecimalText("-1,234.50")).toBe(-1234.5);
    expect(parseDecimalText("-$1,234.50")).toBe(-1234.5);
    expect(parseDecimalText("$-1,234.50")).toBe(-1234.5);
    expect(parseDecimalText("(1,234.50)")).toBe(-1234.5);
    expect(parseDecimalText("($1,234.50)")).toBe(-1234.5);
    expect(parseDecimalText("$(1,234.50)")).toBe(-1234.5);
  });

  it("refuses ambiguous or foreign number formats rather than misread them", () => {
    for (const text of ["1,5", "1.234,56", "12,34,567", "1 23", "1e3", "12%", "$", "", "abc", "(-5)", "1.2.3", "--5", "five"]) expect(parseDecimalText(text)).toBeNull();
  });
});

describe("decimal", () => {
  it("rounds money to cents and keeps it within decimal(15,2)", () => {
    expect(value("$1,234.567", property("estimatedValue"))).toBe(1234.57);
    expect(value(350000, property("taxAssessedValue"))).toBe(350000);
    expect(value("(2,500)", property("estimatedValue"))).toBe(-2500);
    expect(value("9,999,999,999,999.99", property("estimatedValue"))).toBe(9999999999999.99);
    expect(reason("10,000,000,000,000", property("estimatedValue"))).toBe("Out of range (-9999999999999.99 to 9999999999999.99): '10,000,000,000,000'");
  });

  it("keeps coordinates on the globe", () => {
    expect(value("-37.5622", stakeholder("latitude"))).toBe(-37.5622);
    expect(value(143.8503, stakeholder("longitude"))).toBe(143.8503);
    expect(value("-0", stakeholder("latitude"))).toBe(0);
    expect(reason("95", stakeholder("latitude"))).toBe("Out of range (-90 to 90): '95'");
    expect(reason(-180.5, property("longitude"))).toBe("Out of range (-180 to 180): '-180.5'");
  });

  it("gives a reason for what is not a number", () => {
    expect(reason("about 300k", property("estimatedValue"))).toBe("Not a number: 'about 300k'");
    expect(reason(true, property("estimatedValue"))).toBe("Not a number: 'true'");
    expect(reason(Number.NaN, property("estimatedValue"))).toBe("Not a number: 'NaN'");
  });
});

describe("integer", () => {
  it("reads whole numbers with separators", () => {
    expect(value("1,200", property("squareFootage"))).toBe(1200);
    expect(value("1984", property("yearBuilt"))).toBe(1984);
    expect(value(1984, property("yearBuilt"))).toBe(1984);
    expect(value("12.0", property("squareFootage"))).toBe(12);
  });

  it("refuses fractions and values out of range", () => {
    expect(reason("12.5", property("squareFootage"))).toBe("Not a whole number: '12.5'");
    expect(reason(12.5, property("squareFootage"))).toBe("Not a whole number: '12.5'");
    expect(reason("-3", property("squareFootage"))).toBe("Out of range (0 to 2147483647): '-3'");
    expect(reason("84", property("yearBuilt"))).toBe("Out of range (1000 to 9999): '84'");
    expect(reason("3,000,000,000", property("squareFootage"))).toBe("Out of range (0 to 2147483647): '3,000,000,000'");
  });
});

describe("boolean", () => {
  it("reads yes/no, y/n, true/false and 1/0 in any case", () => {
    const laa = property("hasLAA");
    for (const yes of ["yes", "YES", "Y", "y", "true", "TRUE", "True", "1", " yes ", 1, true]) expect(value(yes, laa)).toBe(true);
    for (const no of ["no", "NO", "N", "n", "false", "FALSE", "0", 0, false]) expect(value(no, laa)).toBe(false);
  });

  it("refuses anything else", () => {
    expect(reason("maybe", stakeholder("isActive"))).toBe("Not yes or no: 'maybe'");
    expect(reason(2, stakeholder("isActive"))).toBe("Not yes or no: '2'");
    expect(reason("Active", stakeholder("isActive"))).toBe("Not yes or no: 'Active'");
  });
});

describe("enum", () => {
  it("matches the stored value ignoring case, spaces, underscores and hyphens", () => {
    expect(value("individual", stakeholder("memberType"))).toBe("Individual");
    expect(value(" BUSINESS ", stakeholder("memberType"))).toBe("Business");
    expect(value("business_owner", stakeholder("stakeholderCategory"))).toBe("Business Owner");
    expect(value("Local-Official", stakeholder("stakeholderCategory"))).toBe("Local Official");
    expect(value("communityleader", stakeholder("stakeholderCategory"))).toBe("Community Leader");
    expect(value("high", stakeholder("influenceLevel"))).toBe("High");
    expect(value("COLLABORATE", stakeholder("iap2EngagementLevel"))).toBe("Collaborate");
    expect(value("freehold", property("titleType"))).toBe("FREEHOLD");
    expect(value("cot", property("titleType"))).toBe("CoT");
  });

  it("accepts the spellings files use for a stored value", () => {
    expect(value("Organisation", stakeholder("memberType"))).toBe("Organization");
    expect(value("Certificate of Title", property("titleType"))).toBe("CoT");
  });

  it("lists the allowed values when refusing", () => {
    expect(reason("Person", stakeholder("memberType"))).toBe("Not one of Individual, Business, Organization, Government: 'Person'");
    expect(reason("Leasehold", property("titleType"))).toBe("Not one of FREEHOLD, CoT: 'Leasehold'");
    expect(reason(3, stakeholder("influenceLevel"))).toBe("Not one of High, Medium, Low: '3'");
  });

  it("normalises spellings with enumKey", () => {
    expect(enumKey("Business_Owner - x")).toBe("businessownerx");
  });
});

describe("list", () => {
  it("splits on semicolons and new lines, trims, drops empties and repeats", () => {
    expect(value("SMITH, JOHN; SMITH, MARY", property("proprietors"))).toEqual(["SMITH, JOHN", "SMITH, MARY"]);
    expect(value("JOHN SMITH\r\nMARY SMITH\nPETER JONES\rANN LEE", property("proprietors"))).toEqual(["JOHN SMITH", "MARY SMITH", "PETER JONES", "ANN LEE"]);
    expect(value(" ; A ;; B ;\n; A ", property("addresses"))).toEqual(["A", "B"]);
    expect(value(";;\n ", property("proprietors"))).toBeNull();
    expect(value(42, property("addresses"))).toEqual(["42"]);
  });

  it("refuses an entry longer than the field holds", () => {
    expect(reason(`A; ${"b".repeat(201)}`, property("proprietors"))).toBe(`Too long (201 characters, at most 200): '${"b".repeat(59)}…'`);
  });
});

describe("json", () => {
  it("reads a GeoJSON object", () => {
    expect(value('{"type":"Polygon","coordinates":[[[143.1,-37.1],[143.2,-37.1],[143.2,-37.2],[143.1,-37.1]]]}', property("boundaryGeoJSON"))).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [143.1, -37.1],
          [143.2, -37.1],
          [143.2, -37.2],
          [143.1, -37.1],
        ],
      ],
    });
  });

  it("refuses anything that is not a GeoJSON object", () => {
    const field = property("accessRouteGeoJSON");
    for (const raw of ["[1,2]", '"Polygon"', "{not json", '{"coordinates":[]}', "null"]) expect(reason(raw, field)).toBe(`Not GeoJSON: '${raw}'`);
    expect(reason(5, field)).toBe("Not GeoJSON: '5'");
    expect(reason(`{"type":"Point","x":"${"a".repeat(40_000)}"}`, field)).toMatch(/^Not GeoJSON: /);
  });
});

describe("showCell", () => {
  it("quotes a cell as written, shortened when long", () => {
    expect(showCell("  31/02/2024 ")).toBe("31/02/2024");
    expect(showCell(null)).toBe("");
    expect(showCell(12.5)).toBe("12.5");
    expect(showCell(new Date(Date.UTC(2024, 2, 3)))).toBe("2024-03-03T00:00:00.000Z");
    expect(showCell("x".repeat(100))).toBe(`${"x".repeat(59)}…`);
  });
});
