import { describe, expect, it } from "vitest";
import { contentDisposition } from "~/modules/document/file-types";
import { attachmentFileName } from "./download";

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
