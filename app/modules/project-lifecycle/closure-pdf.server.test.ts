import { PDFParse } from "pdf-parse";
import { closureFileName, closureSummaryPdf } from "./closure-pdf.server";
import { defaultPhaseValues } from "./phase-fields";

async function textOf(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe("the closure summary PDF", () => {
  it("holds the project, who completed it and when, every answer with its details, and the comments", async () => {
    const values = {
      ...defaultPhaseValues("closure"),
      deliverablesCompleted: "yes",
      deliverablesCompletedDetails: "Final report issued to Łódź office, 3 March",
      clientReviewSurvey: "yes",
      additionalComments: "Handover to Ngāti Whātua liaison team.\nEquipment list attached.",
    };
    const bytes = await closureSummaryPdf({
      projectName: "Northern Transmission Line",
      clientName: "Demo Land Consultancy",
      completedBy: "Olivia Owner",
      completedAt: new Date("2026-03-05T03:30:00Z"),
      timeZone: "Australia/Sydney",
      values,
    });
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await textOf(bytes);
    for (const expected of [
      "Project Closure Summary",
      "Version 7.4",
      "Project: Northern Transmission Line",
      "Client: Demo Land Consultancy",
      "Completed by: Olivia Owner",
      "5 Mar 2026",
      "1. Have all project deliverables been completed?",
      "Details: Final report issued to Łódź office, 3 March",
      "10. Has the client been sent a review survey?",
      "Handover to Ngāti Whātua liaison team.",
      "Equipment list attached.",
      "Page 1 of",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.match(/Answer: Yes/g)).toHaveLength(2);
    expect(text.match(/Answer: No/g)).toHaveLength(8);
  });

  it("runs onto more pages for long answers, with a footer on each", async () => {
    const values = defaultPhaseValues("closure");
    for (const key of Object.keys(values)) if (key.endsWith("Details")) values[key] = "A long explanation of what was done. ".repeat(50);
    const bytes = await closureSummaryPdf({ projectName: "Long", clientName: null, completedBy: "A", completedAt: new Date(), timeZone: "UTC", values });
    const { text, pages } = await textOf(bytes);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});

describe("the closure summary's file name", () => {
  it("names the project and the date", () => {
    expect(closureFileName("Northern Transmission Line", "2026-03-05")).toBe("Project closure summary - Northern Transmission Line - 2026-03-05.pdf");
  });

  it("keeps a slash in the project name from reading as a folder, and the date on a long name", () => {
    expect(closureFileName("Stage 1/2 works", "2026-03-05")).toBe("Project closure summary - Stage 1-2 works - 2026-03-05.pdf");
    const long = closureFileName("x".repeat(400), "2026-03-05");
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith("x - 2026-03-05.pdf")).toBe(true);
  });
});
