import { describe, expect, it } from "vitest";
import { neutraliseCsvFormulas } from "./csv-formulas";

describe("neutraliseCsvFormulas: a formula start after any delimiter a locale may split on", () => {
  // [cell text, CSV text]: a piece that a spreadsheet splitting on , ; tab | or a line break would make a
  // cell of its own, and that starts with = + - @ once spaces and double quotes are skipped, gets a `'`.
  it.each([
    ["Smith", "Smith"],
    ["Lot 5 - Hill", "Lot 5 - Hill"],
    ["a-b,c+d", "a-b,c+d"],
    ["user@example.com", "user@example.com"],
    ["=1+1", "'=1+1"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    [" =1+1", "' =1+1"],
    ['"=1+1"', `'"=1+1"`],
    ['Smith;=HYPERLINK("http://x")', 'Smith;\'=HYPERLINK("http://x")'],
    ["Smith,=1+1", "Smith,'=1+1"],
    ["Smith|@SUM(A1)", "Smith|'@SUM(A1)"],
    ["Smith\t+61 400", "Smith\t'+61 400"],
    ["0412 345 678; +61 400 000 000", "0412 345 678; '+61 400 000 000"],
    ["call back;  - urgent", "call back;  '- urgent"],
    ['a;"=1+1"', `a;"'=1+1"`],
    ["note\n=1+1", "note\n'=1+1"],
    ["note\r\n@x", "note\r\n'@x"],
    ["=a;-b,+c|@d", "'=a;'-b,'+c|'@d"],
    ["a;;=b", "a;;'=b"],
  ])("%j becomes %j", (text, expected) => {
    expect(neutraliseCsvFormulas(text)).toBe(expected);
  });
});
