import { readProprietors, splitNameAddress } from "./register-proprietors";

describe("splitNameAddress", () => {
  it("splits at ' of ' where an address starts, not inside a name", () => {
    expect(splitNameAddress("PETER JAMES WONG of 45 HIGH ROAD BUNGAREE VIC 3352")).toEqual({ name: "PETER JAMES WONG", address: "45 HIGH ROAD BUNGAREE VIC 3352", shared: false });
    expect(splitNameAddress("BANK OF MELBOURNE LTD of PO BOX 1 MELBOURNE VIC 3000")).toEqual({ name: "BANK OF MELBOURNE LTD", address: "PO BOX 1 MELBOURNE VIC 3000", shared: false });
    expect(splitNameAddress("ISLE OF MAN HOLDINGS PTY LTD")).toEqual({ name: "ISLE OF MAN HOLDINGS PTY LTD", address: null, shared: false });
  });

  it("reads a table layout (name and address in two columns) and 'both of'", () => {
    expect(splitNameAddress("JOHN ALBERT SMITH    of 12 SMITH STREET BALLARAT VIC 3350")).toEqual({ name: "JOHN ALBERT SMITH", address: "12 SMITH STREET BALLARAT VIC 3350", shared: false });
    expect(splitNameAddress("MARY ELLEN SMITH both of 12 SMITH STREET BALLARAT VIC 3350")).toEqual({ name: "MARY ELLEN SMITH", address: "12 SMITH STREET BALLARAT VIC 3350", shared: true });
  });
});

describe("readProprietors", () => {
  it("gives a 'both of' address to every joint proprietor of the group", () => {
    const block = readProprietors(["Estate Fee Simple", "Joint Proprietors", "JOHN ALBERT SMITH", "MARY ELLEN SMITH both of 12 SMITH STREET BALLARAT VIC 3350", "AB123456C 12/03/2019"]);
    expect(block).toEqual({
      estate: "Fee Simple",
      tenancyType: "Joint Proprietors",
      names: [
        { name: "JOHN ALBERT SMITH", address: "12 SMITH STREET BALLARAT VIC 3350", share: null },
        { name: "MARY ELLEN SMITH", address: "12 SMITH STREET BALLARAT VIC 3350", share: null },
      ],
      dealing: "AB123456C 12/03/2019",
    });
  });

  it("reads tenants in common share by share", () => {
    const block = readProprietors([
      "Estate Fee Simple",
      "TENANTS IN COMMON",
      "As to 1 of a total of 3 equal undivided shares",
      "Sole Proprietor",
      "ANNA MARIE KELLY of 7 CREEK LANE CRESWICK VIC 3363",
      "AC654321D 20/11/2020",
      "As to 2 of a total of 3 equal undivided shares",
      "Joint Proprietors",
      "TOM KELLY",
      "JO KELLY both of 9 CREEK LANE CRESWICK VIC 3363",
      "AC654321D 20/11/2020",
    ]);
    expect(block.tenancyType).toBe("Tenants in Common");
    expect(block.names).toEqual([
      { name: "ANNA MARIE KELLY", address: "7 CREEK LANE CRESWICK VIC 3363", share: "1 of a total of 3 equal undivided shares" },
      { name: "TOM KELLY", address: "9 CREEK LANE CRESWICK VIC 3363", share: "2 of a total of 3 equal undivided shares" },
      { name: "JO KELLY", address: "9 CREEK LANE CRESWICK VIC 3363", share: "2 of a total of 3 equal undivided shares" },
    ]);
  });

  it("is empty for an empty block", () => {
    expect(readProprietors([])).toEqual({ estate: null, tenancyType: null, names: [], dealing: null });
  });
});
