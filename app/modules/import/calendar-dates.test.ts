import { calendarDate, dateObjectToCalendarDate, excelSerialToDate, expandTwoDigitYear, parseDateText } from "./calendar-dates";

describe("calendarDate", () => {
  it("gives YYYY-MM-DD for real days only", () => {
    expect(calendarDate(2024, 3, 3)).toBe("2024-03-03");
    expect(calendarDate(2024, 2, 29)).toBe("2024-02-29");
    expect(calendarDate(2023, 2, 29)).toBeNull();
    expect(calendarDate(2024, 2, 31)).toBeNull();
    expect(calendarDate(2024, 4, 31)).toBeNull();
    expect(calendarDate(2024, 13, 1)).toBeNull();
    expect(calendarDate(2024, 0, 1)).toBeNull();
    expect(calendarDate(2024, 1, 0)).toBeNull();
  });

  it("knows the century leap-year rules", () => {
    expect(calendarDate(2000, 2, 29)).toBe("2000-02-29");
    expect(calendarDate(1900, 2, 29)).toBeNull();
    expect(calendarDate(2100, 2, 29)).toBeNull();
  });

  it("refuses years outside 1800–2199 as typos", () => {
    expect(calendarDate(1800, 1, 1)).toBe("1800-01-01");
    expect(calendarDate(2199, 12, 31)).toBe("2199-12-31");
    expect(calendarDate(1799, 12, 31)).toBeNull();
    expect(calendarDate(2200, 1, 1)).toBeNull();
    expect(calendarDate(224, 3, 2)).toBeNull();
  });
});

describe("expandTwoDigitYear", () => {
  it("follows Excel's window: 00–29 are this century, 30–99 the last", () => {
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(24)).toBe(2024);
    expect(expandTwoDigitYear(29)).toBe(2029);
    expect(expandTwoDigitYear(30)).toBe(1930);
    expect(expandTwoDigitYear(99)).toBe(1999);
  });
});

describe("parseDateText", () => {
  it("reads dd/mm/yyyy day first, never month first", () => {
    expect(parseDateText("03/04/2024")).toBe("2024-04-03");
    expect(parseDateText("12/01/2024")).toBe("2024-01-12");
    expect(parseDateText("31/12/2024")).toBe("2024-12-31");
    expect(parseDateText("01/01/2024")).toBe("2024-01-01");
    // A US file's 31 March is not a day-first date: refused, not swapped.
    expect(parseDateText("03/31/2024")).toBeNull();
  });

  it("reads d/m/yyyy without leading zeros, and dashes or dots", () => {
    expect(parseDateText("3/4/2024")).toBe("2024-04-03");
    expect(parseDateText("03-04-2024")).toBe("2024-04-03");
    expect(parseDateText("3.4.2024")).toBe("2024-04-03");
  });

  it("reads d/m/yy with Excel's century pivot", () => {
    expect(parseDateText("3/4/24")).toBe("2024-04-03");
    expect(parseDateText("3/4/29")).toBe("2029-04-03");
    expect(parseDateText("3/4/30")).toBe("1930-04-03");
    expect(parseDateText("31/12/99")).toBe("1999-12-31");
    expect(parseDateText("1/1/00")).toBe("2000-01-01");
  });

  it("refuses days that do not exist, at every month end", () => {
    expect(parseDateText("31/02/2024")).toBeNull();
    expect(parseDateText("30/02/2024")).toBeNull();
    expect(parseDateText("29/02/2023")).toBeNull();
    expect(parseDateText("29/02/2024")).toBe("2024-02-29");
    expect(parseDateText("31/04/2024")).toBeNull();
    expect(parseDateText("30/04/2024")).toBe("2024-04-30");
    expect(parseDateText("32/01/2024")).toBeNull();
    expect(parseDateText("00/01/2024")).toBeNull();
    expect(parseDateText("01/13/2024")).toBeNull();
    expect(parseDateText("01/00/2024")).toBeNull();
  });

  it("reads ISO dates, with or without a time, and yyyymmdd", () => {
    expect(parseDateText("2024-03-03")).toBe("2024-03-03");
    expect(parseDateText("2024/3/3")).toBe("2024-03-03");
    expect(parseDateText("2024-03-03T10:30:00Z")).toBe("2024-03-03");
    expect(parseDateText("2024-03-03T23:30:00+10:00")).toBe("2024-03-03");
    expect(parseDateText("2024-03-03 00:00:00")).toBe("2024-03-03");
    expect(parseDateText("20240303")).toBe("2024-03-03");
    expect(parseDateText("2024-02-30")).toBeNull();
    expect(parseDateText("03032024")).toBeNull();
  });

  it("drops the time Excel's CSV export appends", () => {
    expect(parseDateText("3/03/2024 0:00")).toBe("2024-03-03");
    expect(parseDateText("03/03/2024 14:05:09")).toBe("2024-03-03");
    expect(parseDateText("03/03/2024 2:05 pm")).toBe("2024-03-03");
    expect(parseDateText("03/03/2024 later")).toBeNull();
  });

  it("reads a month written as a word, day first or month first", () => {
    expect(parseDateText("3 Mar 2024")).toBe("2024-03-03");
    expect(parseDateText("3 March 2024")).toBe("2024-03-03");
    expect(parseDateText("03-Mar-2024")).toBe("2024-03-03");
    expect(parseDateText("3-mar-24")).toBe("2024-03-03");
    expect(parseDateText("3 Sept 2024")).toBe("2024-09-03");
    expect(parseDateText("3rd of March 2024")).toBe("2024-03-03");
    expect(parseDateText("Sunday, 3 March 2024")).toBe("2024-03-03");
    expect(parseDateText("Sun 3 Mar. 2024")).toBe("2024-03-03");
    expect(parseDateText("March 3, 2024")).toBe("2024-03-03");
    expect(parseDateText("Mar 31 2024")).toBe("2024-03-31");
    expect(parseDateText("31 Feb 2024")).toBeNull();
    expect(parseDateText("3 Marchember 2024")).toBeNull();
  });

  it("refuses what is not a date", () => {
    for (const text of ["", "N/A", "soon", "2024", "3/4", "1/2/3/4", "45354", "2/3/0224", "12/05/20244"]) expect(parseDateText(text)).toBeNull();
  });

  it("ignores surrounding and repeated spaces", () => {
    expect(parseDateText("  3   Mar  2024 ")).toBe("2024-03-03");
    expect(parseDateText(" 03/03/2024\t")).toBe("2024-03-03");
  });
});

describe("excelSerialToDate", () => {
  it("reads the 1900 date system's well-known serials", () => {
    expect(excelSerialToDate(1)).toBe("1900-01-01");
    expect(excelSerialToDate(59)).toBe("1900-02-28");
    expect(excelSerialToDate(61)).toBe("1900-03-01");
    expect(excelSerialToDate(36526)).toBe("2000-01-01");
    expect(excelSerialToDate(43831)).toBe("2020-01-01");
    expect(excelSerialToDate(45292)).toBe("2024-01-01");
    expect(excelSerialToDate(45351)).toBe("2024-02-29");
    expect(excelSerialToDate(45354)).toBe("2024-03-03");
  });

  it("refuses Excel's 29/02/1900, which never was", () => {
    expect(excelSerialToDate(60)).toBeNull();
  });

  it("drops the time of day", () => {
    expect(excelSerialToDate(45354.99999)).toBe("2024-03-03");
    expect(excelSerialToDate(45354.5)).toBe("2024-03-03");
  });

  it("refuses serials outside Excel's calendar and our years", () => {
    expect(excelSerialToDate(0)).toBeNull();
    expect(excelSerialToDate(-1)).toBeNull();
    expect(excelSerialToDate(0.5)).toBeNull();
    expect(excelSerialToDate(Number.NaN)).toBeNull();
    expect(excelSerialToDate(Infinity)).toBeNull();
    // 31/12/9999 is Excel's last day, but outside 1800–2199.
    expect(excelSerialToDate(2_958_465)).toBeNull();
    expect(excelSerialToDate(109_574)).toBe("2199-12-31");
    expect(excelSerialToDate(109_575)).toBeNull();
  });
});

describe("dateObjectToCalendarDate", () => {
  it("reads the UTC day, as exceljs writes a date cell", () => {
    expect(dateObjectToCalendarDate(new Date(Date.UTC(2024, 2, 3)))).toBe("2024-03-03");
    expect(dateObjectToCalendarDate(new Date("2024-03-03T23:59:59.999Z"))).toBe("2024-03-03");
    expect(dateObjectToCalendarDate(new Date("2024-12-31T00:00:00Z"))).toBe("2024-12-31");
  });

  it("refuses an invalid Date, a time-only cell (Excel's day 0, 1899) and the unreliable first days of 1900", () => {
    expect(dateObjectToCalendarDate(new Date("nope"))).toBeNull();
    expect(dateObjectToCalendarDate(new Date("1899-12-30T10:30:00Z"))).toBeNull();
    expect(dateObjectToCalendarDate(new Date("1900-02-28T00:00:00Z"))).toBeNull();
    expect(dateObjectToCalendarDate(new Date("1900-03-01T00:00:00Z"))).toBe("1900-03-01");
  });
});
