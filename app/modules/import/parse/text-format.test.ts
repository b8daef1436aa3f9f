import { binaryCharacterIn, createUtf8Check, detectDelimiter, encodingFromBom } from "./text-format";

describe("CSV encoding", () => {
  it("reads a byte-order mark", () => {
    expect(encodingFromBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: "utf-8", bomBytes: 3 });
    expect(encodingFromBom(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toEqual({ encoding: "utf-16le", bomBytes: 2 });
    expect(encodingFromBom(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toEqual({ encoding: "utf-16be", bomBytes: 2 });
    expect(encodingFromBom(new Uint8Array([0x41, 0x42]))).toBeNull();
  });

  it("accepts UTF-8 split across chunks and rejects Windows-1252 bytes", () => {
    const utf8 = new TextEncoder().encode("Zoë Müller “quoted”");
    const check = createUtf8Check();
    // Split inside the two bytes of "ë".
    check.push(utf8.subarray(0, 3));
    check.push(utf8.subarray(3));
    expect(check.valid()).toBe(true);

    const cp1252 = new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x93, 0x71, 0x94]); // Zoë,“q” in Windows-1252
    const bad = createUtf8Check();
    bad.push(cp1252);
    expect(bad.valid()).toBe(false);
  });

  it("rejects a file cut in the middle of a character", () => {
    const check = createUtf8Check();
    check.push(new Uint8Array([0x41, 0xc3]));
    expect(check.valid()).toBe(false);
  });

  it("finds the characters that mark binary data, but not tabs, line breaks or a DOS end-of-file", () => {
    expect(binaryCharacterIn("a,b\tc\r\nd\f\u000b\u001a")).toBeNull();
    expect(binaryCharacterIn("ab\u0000cd")).toEqual({ index: 2, code: 0 });
    expect(binaryCharacterIn("x\u0003")).toEqual({ index: 1, code: 3 });
    expect(binaryCharacterIn("x\u007f")).toEqual({ index: 1, code: 0x7f });
  });
});

describe("CSV delimiter", () => {
  it("finds comma, semicolon and tab", () => {
    expect(detectDelimiter("Name,Email,Phone\nA,a@x,1\nB,b@x,2\n")).toBe(",");
    expect(detectDelimiter("Name;Email;Amount\nA;a@x;1,50\nB;b@x;2,75\n")).toBe(";");
    expect(detectDelimiter("Name\tEmail\tNote\nA\ta@x\tx, y\nB\tb@x\tz; w\n")).toBe("\t");
  });

  it("ignores delimiters inside quotes, quoted line breaks included", () => {
    const csv = 'Name;Address;Note\n"Smith, John";"1 High St, Town";"a, b, c"\n"Lee, Ann";"2 Low Rd\nSecond line, more";x\n';
    expect(detectDelimiter(csv)).toBe(";");
  });

  it("prefers the candidate that agrees with the header on most lines", () => {
    // Decimal commas in a semicolon file: commas vary per line, semicolons do not.
    const csv = "A;B;C\n1,5;2;3\n4;5,25;6,1\n7;8;9\n";
    expect(detectDelimiter(csv)).toBe(";");
  });

  it("defaults to comma for a single column, and ignores a cut-off last line", () => {
    expect(detectDelimiter("Name\nAlice\nBob\n")).toBe(",");
    expect(detectDelimiter("a;b\n1;2\n3;4\n5,6,7,8,9", { complete: false })).toBe(";");
    expect(detectDelimiter("\ufeffa;b\n1;2", { complete: true })).toBe(";");
  });
});
