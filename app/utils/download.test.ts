import { describe, expect, it } from "vitest";
import { attachmentFileName, contentDisposition } from "./download";

describe("attachmentFileName", () => {
  it("reads back what the server writes, accents included", () => {
    expect(attachmentFileName(contentDisposition("attachment", "properties_export_2026-11-23.xlsx"))).toBe("properties_export_2026-11-23.xlsx");
    expect(attachmentFileName(contentDisposition("attachment", "Zoë Müller.csv"))).toBe("Zoë Müller.csv");
  });

  it("falls back to the plain name, quoted or not", () => {
    expect(attachmentFileName('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(attachmentFileName("attachment; filename=report.xlsx")).toBe("report.xlsx");
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.csv\"")).toBe("plain.csv");
  });

  it("is null without a name", () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName("attachment")).toBeNull();
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and an RFC 5987 UTF-8 filename*", () => {
    expect(contentDisposition("attachment", "契約書.pdf")).toBe(`attachment; filename="___.pdf"; filename*=UTF-8''%E5%A5%91%E7%B4%84%E6%9B%B8.pdf`);
    expect(contentDisposition("inline", `a"b (1)'s.png`)).toBe(`inline; filename="a_b (1)'s.png"; filename*=UTF-8''a%22b%20%281%29%27s.png`);
  });
  it("never lets a header break out", () => {
    expect(contentDisposition("attachment", "x\r\nSet-Cookie: a=b.txt")).not.toMatch(/[\r\n]/);
  });
});
