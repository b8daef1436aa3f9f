import { createTextSniffer, formatBytes, formatKilobytes, matchesSignature, parseTags, textMimeType } from "./file-types";

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("matchesSignature", () => {
  it("accepts each type's real leading bytes", () => {
    expect(matchesSignature("pdf", bytes("%PDF-1.7\n%\xe2"))).toBe(true);
    expect(matchesSignature("doc", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0))).toBe(true);
    expect(matchesSignature("xls", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(matchesSignature("docx", bytes(0x50, 0x4b, 0x03, 0x04, 20, 0))).toBe(true);
    expect(matchesSignature("xlsx", bytes("PK", 3, 4))).toBe(true);
    expect(matchesSignature("jpg", bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(matchesSignature("png", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(matchesSignature("gif", bytes("GIF89a"))).toBe(true);
    expect(matchesSignature("webp", bytes("RIFF", 0, 0, 0, 0, "WEBP"))).toBe(true);
  });

  it("refuses a .pdf that is really HTML and other disguises", () => {
    expect(matchesSignature("pdf", bytes("<!doctype html><script>alert(1)</script>"))).toBe(false);
    expect(matchesSignature("png", bytes("%PDF-1.4"))).toBe(false);
    expect(matchesSignature("docx", bytes(0xd0, 0xcf, 0x11, 0xe0))).toBe(false);
    expect(matchesSignature("doc", bytes("PK", 3, 4))).toBe(false);
    expect(matchesSignature("webp", bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBe(false);
    expect(matchesSignature("svg", bytes("<svg"))).toBe(false);
    expect(matchesSignature("pdf", bytes("%PD"))).toBe(false);
  });
});

describe("createTextSniffer", () => {
  const run = (...chunks: Uint8Array[]) => {
    const sniffer = createTextSniffer();
    const ok = chunks.every((c) => sniffer.push(c)) && sniffer.end();
    return ok ? sniffer.charset : "refused";
  };
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

  it("takes UTF-8, with or without a byte order mark, even with a character split across chunks", () => {
    const euro = new TextEncoder().encode("price €5, 東京\r\n");
    expect(run(euro.slice(0, 7), euro.slice(7))).toBe("utf-8");
    expect(run(bytes(0xef, 0xbb, 0xbf, "name,lot\n"))).toBe("utf-8");
    expect(run(bytes("a"))).toBe("utf-8");
  });
  it("takes Excel's Windows CSV (Windows-1252) and its Unicode Text (UTF-16 with a byte order mark)", () => {
    expect(run(bytes("Name,Town\r\nRen", 0xe9, "e,Mont", 0xe9, "gut\r\n"))).toBe("windows-1252");
    const unicode = utf16le("Name\tTown\r\nRenée\tMontégut\r\n");
    expect(run(unicode.subarray(0, 1), unicode.subarray(1, 9), unicode.subarray(9))).toBe("utf-16le");
    expect(run(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("\u0000A\u0000B", "latin1")]))).toBe("utf-16be");
  });
  it("refuses binary data: NUL and other control bytes, and broken UTF-16", () => {
    expect(run(bytes("a,b", 0, "c"))).toBe("refused");
    expect(run(bytes("MZ", 0x90, 0x00, 0x03))).toBe("refused");
    expect(run(bytes("ok", 0x07, "bell"))).toBe("refused");
    expect(run(bytes(0xff, 0xfe, 0x00, 0xd8))).toBe("refused"); // lone surrogate
    expect(run(bytes(0xff, 0xfe, "x"))).toBe("refused"); // odd length
  });
});

describe("textMimeType", () => {
  it("names the charset only when it is not UTF-8", () => {
    expect(textMimeType("text/csv", "utf-8")).toBe("text/csv");
    expect(textMimeType("text/csv", "windows-1252")).toBe("text/csv; charset=windows-1252");
  });
});

describe("parseTags", () => {
  it("splits commas, trims, drops empties and duplicates", () => {
    expect(parseTags(" survey , legal,, survey ,  , Legal ")).toEqual(["survey", "legal"]);
    expect(parseTags('["a", " b ", "", "a"]')).toEqual(["a", "b"]);
    expect(parseTags(["x", 3, null, " x "])).toEqual(["x", "3"]);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("formatting", () => {
  it("formats sizes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(52_428_800)).toBe("50.0 MB");
    expect(formatKilobytes(2150)).toBe("2.1 KB");
  });
});
