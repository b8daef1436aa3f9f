import { createDeadline, DEFAULT_PARSE_LIMITS, LIMIT_MESSAGES, zipEntryTooExpansive } from "./limits";

describe("import limits", () => {
  it("are the issue's: 50 MB, 250,000 rows, 200 columns", () => {
    expect(DEFAULT_PARSE_LIMITS.maxFileBytes).toBe(52_428_800);
    expect(DEFAULT_PARSE_LIMITS.maxRows).toBe(250_000);
    expect(DEFAULT_PARSE_LIMITS.maxColumns).toBe(200);
    expect(DEFAULT_PARSE_LIMITS.xlsWorkerHeapMb).toBe(256);
  });

  it("say what was exceeded and what to do", () => {
    expect(LIMIT_MESSAGES.fileTooLarge).toBe("File size must be less than 50MB");
    expect(LIMIT_MESSAGES.tooManyRows(250_000)).toBe("The file has more than 250,000 data rows. Split it into smaller files and import each one.");
    expect(LIMIT_MESSAGES.tooManyColumns(200)).toMatch(/^The file has more than 200 columns\./);
    expect(LIMIT_MESSAGES.cellTooLong(32_767, 12)).toBe("Row 12 has a cell longer than 32,767 characters.");
    expect(LIMIT_MESSAGES.tooSlow).toMatch(/^The file took too long to read/);
  });

  it("refuses a zip part only when it is large and absurdly compressed", () => {
    const limits = { maxCompressionRatio: 150, ratioFloorBytes: 1024 * 1024 };
    expect(zipEntryTooExpansive(1000, 900_000, limits)).toBe(false); // small parts may compress well
    expect(zipEntryTooExpansive(1_000_000, 20_000_000, limits)).toBe(false); // 20:1, a normal sheet
    expect(zipEntryTooExpansive(200_000, 300_000_000, limits)).toBe(true); // 1500:1
    expect(zipEntryTooExpansive(0, 2_000_000, limits)).toBe(true);
  });

  it("keeps a deadline", () => {
    let now = 1000;
    const deadline = createDeadline(500, () => now);
    expect(deadline.expired()).toBe(false);
    expect(deadline.remainingMs()).toBe(500);
    now = 1501;
    expect(deadline.expired()).toBe(true);
    expect(deadline.remainingMs()).toBe(0);
  });
});
