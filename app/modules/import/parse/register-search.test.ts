import { lotAndPlan, parseStatement, readStatements, splitStatements } from "./register-search";
import { statementRow, TITLE_COLUMNS } from "./register-search-row";
import { autoMapColumns } from "../column-mapping";

/** Lines as the reader rebuilds them: four spaces where the page has a column gap. */
const page = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

const COPYRIGHT = `Copyright State of Victoria. No part of this publication may be reproduced except as permitted by the Copyright Act 1968 (Cth)
The Victorian Government acknowledges the Traditional Owners of Victoria`;

const JOINT = page(`${COPYRIGHT}
REGISTER SEARCH STATEMENT (Title Search) Transfer of Land Act 1958    Page 1 of 1
VOLUME 10123 FOLIO 456    Security no : 124078123456A
Produced 12/03/2024 10:15 am
LAND DESCRIPTION
----------------
Lot 1 on Plan of Subdivision 123456A.
PARENT TITLE Volume 09876 Folio 123
Created by instrument PS123456A 01/02/2005
REGISTERED PROPRIETOR
---------------------
Estate Fee Simple
Joint Proprietors
JOHN ALBERT SMITH
MARY ELLEN SMITH both of 12 SMITH STREET BALLARAT VIC 3350
AB123456C 12/03/2019
ENCUMBRANCES, CAVEATS AND NOTICES
---------------------------------
MORTGAGE AB123457D 12/03/2019
WESTPAC BANKING CORPORATION
Any crown grant reservations, exceptions, conditions and restrictions shall be read as part of this statement.
DIAGRAM LOCATION
----------------
SEE PS123456A FOR FURTHER DETAILS AND BOUNDARIES
ACTIVITY IN THE LAST 125 DAYS
NIL
------------------------END OF REGISTER SEARCH STATEMENT------------------------
Additional information: (not part of the Register Search Statement)
Street Address: 12 SMITH STREET BALLARAT VIC 3350
ADMINISTRATIVE NOTICES
NIL
eCT Control 16089P WESTPAC BANKING CORPORATION Effective from 05/06/2019
DOCUMENT END
Title 10123/456    Page 1 of 1`);

/** A paper title: no eCT, no street address, no encumbrances heading, a suffix folio. */
const SUFFIX = page(`${COPYRIGHT}
Register Search Statement (Title Search) Transfer of Land Act 1958    Page 1 of 1
Security no : 124078123999K
VOLUME 08123 FOLIO 512A
Produced 12/03/2024
LAND DESCRIPTION
Crown Allotment 12 Section 3 Parish of Bungaree.
REGISTERED PROPRIETOR
Estate Fee Simple
Sole Proprietor
PETER JAMES WONG of 45 HIGH ROAD BUNGAREE VIC 3352
T987654Y 03/08/1998
DIAGRAM LOCATION
SEE TP654321X FOR FURTHER DETAILS AND BOUNDARIES
DOCUMENT END`);

/** Tenants in common over two pages, the second headed "Page 2 of 2"; an eCT on two lines. */
const COMMON = [
  page(`REGISTER SEARCH STATEMENT (Title Search) Transfer of Land Act 1958    Page 1 of 2
VOLUME 11456 FOLIO 789    Security no : 124078124321P
Produced 12/03/2024 10:20 am
LAND DESCRIPTION
Lot 3 on PS654321B.
REGISTERED PROPRIETOR
Estate Fee Simple
TENANTS IN COMMON
As to 1 of a total of 2 equal undivided shares
Sole Proprietor
ANNA MARIE KELLY    of 7 CREEK LANE CRESWICK VIC 3363
AC654321D 20/11/2020`),
  page(`${COPYRIGHT}
REGISTER SEARCH STATEMENT (Title Search) Transfer of Land Act 1958    Page 2 of 2
As to 1 of a total of 2 equal undivided shares
Sole Proprietor
BRIGHTWATER PASTORAL PTY LTD    of PO BOX 12 CRESWICK VIC 3363
AC654321D 20/11/2020
ENCUMBRANCES, CAVEATS AND NOTICES
MORTGAGE AC654322E 20/11/2020
AUSTRALIA AND NEW ZEALAND BANKING GROUP LTD
CAVEAT AD111222F 02/02/2022
Caveator GOLDFIELDS WATER CORPORATION
------------------------END OF REGISTER SEARCH STATEMENT------------------------
Additional information: (not part of the Register Search Statement)
Street Address:    RMB 2210 MIDLAND HIGHWAY CRESWICK VIC 3363
eCT Control    22334Q AUSTRALIA AND NEW ZEALAND BANKING GROUP LTD
Effective from    21/11/2020
DOCUMENT END`),
];

const row = (lines: string[]) => {
  const statement = parseStatement(lines);
  expect(statement).not.toBeNull();
  const cells = statementRow(statement!);
  return Object.fromEntries(TITLE_COLUMNS.map((column, i) => [column, cells[i]]));
};

describe("splitStatements", () => {
  it("finds one statement per heading, keeps a continued page with its statement and drops a cover page", () => {
    const statements = splitStatements([page("Order summary\nCustomer reference 42"), JOINT, SUFFIX, ...COMMON]);
    expect(statements).toHaveLength(3);
    expect(statements.map((s) => s.find((l) => l.startsWith("VOLUME")))).toEqual([
      "VOLUME 10123 FOLIO 456    Security no : 124078123456A",
      "VOLUME 08123 FOLIO 512A",
      "VOLUME 11456 FOLIO 789    Security no : 124078124321P",
    ]);
    expect(statements[1]![0]).toBe("Security no : 124078123999K"); // printed above its VOLUME line
  });

  it("keeps a statement's end when the next one starts on the same page, without the notice between them", () => {
    const [first, second] = splitStatements([[...JOINT, ...SUFFIX]]);
    expect(first!.slice(-2)).toEqual(["DOCUMENT END", "Title 10123/456    Page 1 of 1"]);
    expect(second!.some((line) => line.startsWith("Copyright"))).toBe(false);
    expect(parseStatement(first!)!.ectController).toBe("16089P WESTPAC BANKING CORPORATION");
  });

  it("starts a statement at a new VOLUME/FOLIO header even without a heading, but not at a parent title", () => {
    const bare = page(`VOLUME 1 FOLIO 2\nLAND DESCRIPTION\nLot 1 on LP 1234.\nPARENT TITLE VOLUME 9 FOLIO 9\nVOLUME 3 FOLIO 4\nLAND DESCRIPTION\nLot 2 on LP 1234.`);
    expect(splitStatements([bare]).map((s) => s[0])).toEqual(["VOLUME 1 FOLIO 2", "VOLUME 3 FOLIO 4"]);
  });

  it("finds nothing in a letter", () => {
    expect(readStatements([page("Dear Mr Smith,\nThank you for meeting our officer.\nYours sincerely")])).toEqual([]);
  });
});

describe("parseStatement", () => {
  it("reads a statement with two joint proprietors, a mortgage and an eCT control", () => {
    expect(row(JOINT)).toEqual({
      address: "12 SMITH STREET BALLARAT VIC 3350",
      volume: "10123",
      folio: "456",
      securityNumber: "124078123456A",
      produced: "12/03/2024 10:15 am",
      lotPlanLine: "Lot 1 on Plan of Subdivision 123456A",
      lot: "1",
      planNumber: "PS123456A",
      proprietors: "JOHN ALBERT SMITH; MARY ELLEN SMITH",
      proprietor: "JOHN ALBERT SMITH",
      ownerAddress: "12 SMITH STREET BALLARAT VIC 3350",
      tenancyType: "Joint Proprietors",
      encumbrances: "MORTGAGE AB123457D 12/03/2019 WESTPAC BANKING CORPORATION",
      diagram: "SEE PS123456A FOR FURTHER DETAILS AND BOUNDARIES",
      ectController: "16089P WESTPAC BANKING CORPORATION",
      ectEffectiveFromDate: "05/06/2019",
      "Property address (as on title)": "12 SMITH STREET BALLARAT VIC 3350",
      titleType: "FREEHOLD",
      search: "Register Search Statement",
    });
    expect(parseStatement(JOINT)!.parentTitle).toBe("Volume 09876 Folio 123");
  });

  it("reads a suffix folio and leaves missing sections blank; the land description stands in for the address", () => {
    expect(row(SUFFIX)).toMatchObject({
      address: "Crown Allotment 12 Section 3 Parish of Bungaree",
      volume: "08123",
      folio: "512A",
      securityNumber: "124078123999K",
      produced: "12/03/2024",
      lotPlanLine: "Crown Allotment 12 Section 3 Parish of Bungaree",
      lot: null,
      planNumber: null,
      proprietors: "PETER JAMES WONG",
      tenancyType: "Sole Proprietor",
      encumbrances: null,
      ectController: null,
      ectEffectiveFromDate: null,
      "Property address (as on title)": null,
    });
  });

  it("reads tenants in common across a page break", () => {
    const [statement] = readStatements(COMMON);
    expect(row(splitStatements(COMMON)[0]!)).toMatchObject({
      address: "RMB 2210 MIDLAND HIGHWAY CRESWICK VIC 3363",
      lot: "3",
      planNumber: "PS654321B",
      proprietors: "ANNA MARIE KELLY; BRIGHTWATER PASTORAL PTY LTD",
      proprietor: "ANNA MARIE KELLY",
      ownerAddress: "7 CREEK LANE CRESWICK VIC 3363",
      tenancyType: "Tenants in Common",
      encumbrances: "MORTGAGE AC654322E 20/11/2020 AUSTRALIA AND NEW ZEALAND BANKING GROUP LTD; CAVEAT AD111222F 02/02/2022 Caveator GOLDFIELDS WATER CORPORATION",
      ectController: "22334Q AUSTRALIA AND NEW ZEALAND BANKING GROUP LTD",
      ectEffectiveFromDate: "21/11/2020",
    });
    expect(statement!.proprietors.names.map((n) => n.share)).toEqual(["1 of a total of 2 equal undivided shares", "1 of a total of 2 equal undivided shares"]);
  });

  it("says NIL when the encumbrances are only boilerplate and NIL; a statement without VOLUME/FOLIO is none", () => {
    expect(parseStatement(page("VOLUME 5 FOLIO 6\nENCUMBRANCES, CAVEATS AND NOTICES\nAny crown grant reservations, exceptions\nNIL"))!.encumbrances).toBe("NIL");
    expect(parseStatement(page("LAND DESCRIPTION\nLot 1 on LP 1."))).toBeNull();
  });
});

describe("lotAndPlan", () => {
  it.each([
    ["Lot 1 on Plan of Subdivision 123456A", "1", "PS123456A"],
    ["Lot 2 on Title Plan 654321X (formerly known as part of Crown Allotment 12)", "2", "TP654321X"],
    ["Lot 4 on LP 9876", "4", "LP9876"],
    ["Lot A on PS123456A", "A", "PS123456A"],
    ["Lot 12 on Lodged Plan 45678", "12", "LP45678"],
  ])("%s", (text, lot, planNumber) => {
    expect(lotAndPlan(text)).toEqual({ lot, planNumber });
  });

  it("finds neither in a crown description", () => {
    expect(lotAndPlan("Crown Allotment 12 Section 3 Parish of Bungaree")).toEqual({ lot: null, planNumber: null });
  });
});

describe("the title columns", () => {
  it("are pre-mapped to the property fields of the same name by automatic mapping", () => {
    const mapped = autoMapColumns("properties", TITLE_COLUMNS);
    expect(Object.fromEntries(mapped.map((m) => [m.column, m.target]))).toEqual({
      ...Object.fromEntries(TITLE_COLUMNS.map((c) => [c, c])),
      "Property address (as on title)": "propertyAddress",
    });
    expect(mapped.every((m) => m.matchedBy === "exact")).toBe(true);
  });
});
