import { describe, expect, it } from "vitest";
import { extensionOf, sanitizeFileName } from "./file-names";

describe("sanitizeFileName", () => {
  it("keeps only the last path segment and drops control and bidi characters", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\x\\report.pdf")).toBe("report.pdf");
    expect(sanitizeFileName("bad\u0000name\r\n\u0007.pdf")).toBe("badname.pdf");
    expect(sanitizeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
  });
  it("keeps non-Latin names and caps long names keeping the extension", () => {
    expect(sanitizeFileName("契約書 Ελληνικά.pdf")).toBe("契約書 Ελληνικά.pdf");
    const long = sanitizeFileName(`${"a".repeat(300)}.docx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith(".docx")).toBe(true);
    expect(sanitizeFileName("..")).toBe("file");
    expect(sanitizeFileName("")).toBe("file");
  });
});

describe("extensionOf", () => {
  it("is the lower-case extension without the dot", () => {
    expect(extensionOf("Report.Final.PDF")).toBe("pdf");
    expect(extensionOf("noext")).toBe("");
  });
});
