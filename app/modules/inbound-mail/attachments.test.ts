import { describe, expect, it } from "vitest";
import { attachmentVerdict } from "./attachments";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("attachmentVerdict", () => {
  it("accepts a PDF whose bytes are a PDF", () => {
    expect(attachmentVerdict("Survey plan.pdf", bytes("%PDF-1.7\n…"))).toEqual({ ok: true, fileName: "Survey plan.pdf", mimeType: "application/pdf" });
  });

  it("refuses a type the documents do not take, with the upload rule's text", () => {
    const verdict = attachmentVerdict("run.exe", bytes("MZ"));
    expect(verdict).toMatchObject({ ok: false, fileName: "run.exe" });
    expect(!verdict.ok && verdict.reason).toMatch(/This file type is not accepted/);
  });

  it("refuses a file whose content does not match its name", () => {
    expect(attachmentVerdict("photo.png", bytes("%PDF-1.4"))).toMatchObject({ ok: false, reason: "The file's contents do not match its .png extension" });
  });

  it("refuses empty and oversized files", () => {
    expect(attachmentVerdict("a.txt", new Uint8Array(0))).toMatchObject({ ok: false, reason: "The selected file is empty (0 bytes)" });
    expect(attachmentVerdict("a.txt", bytes("hello"), 3)).toMatchObject({ ok: false, reason: "File size must be less than 50MB" });
  });

  it("checks text files as text and names a nameless attachment", () => {
    expect(attachmentVerdict("notes.txt", new Uint8Array([0x68, 0x00, 0x01]))).toMatchObject({ ok: false });
    expect(attachmentVerdict("notes.csv", bytes("a,b\n1,2\n"))).toMatchObject({ ok: true, mimeType: "text/csv" });
    expect(attachmentVerdict(null, bytes("x"))).toMatchObject({ ok: false, fileName: "attachment" });
  });
});
