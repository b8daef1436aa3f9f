import { PARSE_FAILED_MESSAGE, parseFailedMessage } from "./errors";

describe("the parse failure's text", () => {
  it("names the file's type once it is known, else says the general message", () => {
    expect(parseFailedMessage("csv")).toBe("Failed to parse CSV file");
    expect(parseFailedMessage("xlsx")).toBe("Failed to parse Excel file");
    expect(parseFailedMessage("xls")).toBe("Failed to parse Excel file");
    expect(parseFailedMessage("pdf")).toBe("Failed to parse PDF file");
    expect(parseFailedMessage(null)).toBe("Failed to parse file. Please check the file format.");
    expect(PARSE_FAILED_MESSAGE).toBe("Failed to parse file. Please check the file format.");
  });
});
