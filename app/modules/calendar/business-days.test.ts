import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  businessDaysBetween,
  countedReceivedDay,
  defaultJurisdiction,
  grievanceDueDates,
  holidayName,
  isBusinessDay,
  isOverdue,
  JURISDICTION_LABELS,
  JURISDICTIONS,
  previousBusinessDay,
  projectClockSettings,
} from "./business-days";

const SYDNEY = "Australia/Sydney";
const MELBOURNE = "Australia/Melbourne";
const BRISBANE = "Australia/Brisbane";

describe("Christmas and Boxing Day on a weekend", () => {
  it("2027: Sat 25 and Sun 26 Dec move to Mon 27 and Tue 28 Dec", () => {
    for (const j of ["NSW", "VIC", "QLD", "WA", "ACT"] as const) {
      expect(isBusinessDay("2027-12-24", j)).toBe(true); // QLD's Christmas Eve holiday is evening-only
      expect(isBusinessDay("2027-12-25", j)).toBe(false);
      expect(isBusinessDay("2027-12-26", j)).toBe(false);
      expect(holidayName("2027-12-27", j)).toBe("Christmas Day (substitute day)");
      expect(holidayName("2027-12-28", j)).toBe("Boxing Day (substitute day)");
      expect(isBusinessDay("2027-12-27", j)).toBe(false);
      expect(isBusinessDay("2027-12-28", j)).toBe(false);
      expect(isBusinessDay("2027-12-29", j)).toBe(true);
    }
  });

  it("2021 has the same shape; SA calls the 28th Proclamation Day, TAS has no Boxing Day substitute name", () => {
    expect(isBusinessDay("2021-12-27", "NSW")).toBe(false);
    expect(isBusinessDay("2021-12-28", "NSW")).toBe(false);
    expect(isBusinessDay("2021-12-29", "NSW")).toBe(true);
    expect(holidayName("2021-12-28", "SA")).toBe("Proclamation Day");
    expect(holidayName("2021-12-28", "TAS")).toBe("Boxing Day");
    expect(addBusinessDays("2021-12-24", 1, "VIC")).toBe("2021-12-29");
  });

  it("evening-only holidays (Christmas Eve and New Year's Eve in SA and NT) leave the day a business day", () => {
    expect(isBusinessDay("2027-12-24", "SA")).toBe(true);
    expect(isBusinessDay("2027-12-31", "NT")).toBe(true);
    expect(holidayName("2027-12-24", "SA")).toBeNull();
  });
});

describe("state-only holidays", () => {
  it("Melbourne Cup Day (first Tuesday of November) is a holiday in VIC, not NSW", () => {
    expect(holidayName("2027-11-02", "VIC")).toBe("Melbourne Cup");
    expect(isBusinessDay("2027-11-02", "VIC")).toBe(false);
    expect(isBusinessDay("2027-11-02", "NSW")).toBe(true);
    expect(addBusinessDays("2027-11-01", 1, "VIC")).toBe("2027-11-03");
    expect(addBusinessDays("2027-11-01", 1, "NSW")).toBe("2027-11-02");
  });

  it("Queensland's Labour Day (first Monday of May) and WA Day (first Monday of June)", () => {
    expect(isBusinessDay("2027-05-03", "QLD")).toBe(false);
    expect(isBusinessDay("2027-05-03", "NSW")).toBe(true);
    expect(holidayName("2027-06-07", "WA")).toBe("Western Australia Day");
    expect(isBusinessDay("2027-06-07", "WA")).toBe(false);
    expect(isBusinessDay("2027-06-07", "VIC")).toBe(true);
    // NSW's King's Birthday is in June, WA's in September.
    expect(isBusinessDay("2027-06-14", "NSW")).toBe(false);
    expect(isBusinessDay("2027-06-14", "WA")).toBe(true);
    expect(isBusinessDay("2027-09-27", "WA")).toBe(false);
  });

  it("observances and bank holidays are business days", () => {
    expect(isBusinessDay("2027-08-02", "NSW")).toBe(true); // NSW Bank Holiday (banks only)
    expect(holidayName("2027-05-09", "NSW")).toBeNull(); // Mother's Day (observance)
    expect(isBusinessDay("2027-03-30", "TAS")).toBe(true); // Easter Tuesday (optional)
  });
});

describe("addBusinessDays, previousBusinessDay, businessDaysBetween", () => {
  it("skips weekends", () => {
    expect(addBusinessDays("2027-03-12", 1, "NSW")).toBe("2027-03-15"); // Fri → Mon
    expect(addBusinessDays("2027-03-10", 5, "NSW")).toBe("2027-03-17");
    expect(previousBusinessDay("2027-03-15", "NSW")).toBe("2027-03-12");
    expect(previousBusinessDay("2027-12-29", "NSW")).toBe("2027-12-24");
  });

  it("crosses the year boundary: received 24 Dec 2027, 5 business days in NSW", () => {
    // 27, 28 Dec substitutes; 29, 30, 31 Dec = 1-3; Mon 3 Jan 2028 (New Year's Day substitute) skipped; 4, 5 Jan = 4-5.
    expect(isBusinessDay("2028-01-03", "NSW")).toBe(false);
    expect(addBusinessDays("2027-12-24", 5, "NSW")).toBe("2028-01-05");
    expect(businessDaysBetween("2027-12-24", "2028-01-05", "NSW")).toBe(5);
  });

  it("counts business days after `from` up to and including `to`", () => {
    expect(businessDaysBetween("2027-03-10", "2027-03-17", "NSW")).toBe(5);
    expect(businessDaysBetween("2027-03-10", "2027-03-10", "NSW")).toBe(0);
    expect(businessDaysBetween("2027-03-17", "2027-03-10", "NSW")).toBe(0);
    expect(businessDaysBetween("2027-03-12", "2027-03-14", "NSW")).toBe(0);
  });
});

describe("countedReceivedDay", () => {
  it("16:59 counts that day, 17:00 counts the next business day (Melbourne, summer time UTC+11)", () => {
    expect(countedReceivedDay(new Date("2027-03-10T05:59:00Z"), MELBOURNE, "VIC")).toBe("2027-03-10");
    expect(countedReceivedDay(new Date("2027-03-10T06:00:00Z"), MELBOURNE, "VIC")).toBe("2027-03-11");
    // Friday 17:00 → Monday.
    expect(countedReceivedDay(new Date("2027-03-12T06:00:00Z"), MELBOURNE, "VIC")).toBe("2027-03-15");
  });

  it("received on a Saturday counts on Monday", () => {
    expect(countedReceivedDay(new Date("2027-03-12T23:00:00Z"), MELBOURNE, "VIC")).toBe("2027-03-15"); // Sat 10:00
  });

  it("received on a public holiday counts on the next business day", () => {
    // Melbourne Cup Day 10:00 AEDT.
    expect(countedReceivedDay(new Date("2027-11-01T23:00:00Z"), MELBOURNE, "VIC")).toBe("2027-11-03");
    expect(countedReceivedDay(new Date("2027-11-01T23:00:00Z"), SYDNEY, "NSW")).toBe("2027-11-02");
    // Christmas Day 2027 in Sydney → past both substitute days.
    expect(countedReceivedDay(new Date("2027-12-25T01:00:00Z"), SYDNEY, "NSW")).toBe("2027-12-29");
  });

  it("summer time ends on the first Sunday of April: 17:00 is 06:00Z before, 07:00Z after", () => {
    // Thu 1 Apr 2027 (AEDT, UTC+11).
    expect(countedReceivedDay(new Date("2027-04-01T05:59:00Z"), MELBOURNE, "VIC")).toBe("2027-04-01");
    expect(countedReceivedDay(new Date("2027-04-01T06:00:00Z"), MELBOURNE, "VIC")).toBe("2027-04-02");
    // Mon 5 Apr 2027 (AEST, UTC+10).
    expect(countedReceivedDay(new Date("2027-04-05T06:59:00Z"), MELBOURNE, "VIC")).toBe("2027-04-05");
    expect(countedReceivedDay(new Date("2027-04-05T07:00:00Z"), MELBOURNE, "VIC")).toBe("2027-04-06");
    // The repeated 02:30 on the change night (Sun 4 Apr) both count on Monday.
    expect(countedReceivedDay(new Date("2027-04-03T15:30:00Z"), SYDNEY, "NSW")).toBe("2027-04-05");
    expect(countedReceivedDay(new Date("2027-04-03T16:30:00Z"), SYDNEY, "NSW")).toBe("2027-04-05");
  });

  it("summer time starts on the first Sunday of October; Brisbane has none", () => {
    // Fri 1 Oct 2027 (AEST): 16:59 that day; 17:00 → Mon 4 Oct (no holiday in VIC).
    expect(countedReceivedDay(new Date("2027-10-01T06:59:00Z"), MELBOURNE, "VIC")).toBe("2027-10-01");
    expect(countedReceivedDay(new Date("2027-10-01T07:00:00Z"), MELBOURNE, "VIC")).toBe("2027-10-04");
    // Tue 5 Oct 2027: Melbourne is UTC+11 now, Brisbane still UTC+10.
    expect(countedReceivedDay(new Date("2027-10-05T06:00:00Z"), MELBOURNE, "VIC")).toBe("2027-10-06");
    expect(countedReceivedDay(new Date("2027-10-05T06:00:00Z"), BRISBANE, "QLD")).toBe("2027-10-05");
    expect(countedReceivedDay(new Date("2027-10-05T06:59:00Z"), BRISBANE, "QLD")).toBe("2027-10-05");
    expect(countedReceivedDay(new Date("2027-10-05T07:00:00Z"), BRISBANE, "QLD")).toBe("2027-10-06");
  });

  it("near midnight on the change night the local calendar day decides", () => {
    // 13:30Z on Sun 3 Oct 2027 is 00:30 Mon 4 Oct in Melbourne (just after the change) but 23:30 Sun in Brisbane.
    expect(countedReceivedDay(new Date("2027-10-03T13:30:00Z"), MELBOURNE, "VIC")).toBe("2027-10-04");
    // Brisbane: Sunday → next business day; Mon 4 Oct is King's Birthday in QLD → Tue 5.
    expect(countedReceivedDay(new Date("2027-10-03T13:30:00Z"), BRISBANE, "QLD")).toBe("2027-10-05");
    // 12:59Z on Mon 4 Oct 2027 is 23:59 Mon in Melbourne: after 17:00 → Tue 5.
    expect(countedReceivedDay(new Date("2027-10-04T12:59:00Z"), MELBOURNE, "VIC")).toBe("2027-10-05");
    // 13:00Z on Tue 5 Oct is 00:00 Wed 6 in Melbourne, counted that Wednesday.
    expect(countedReceivedDay(new Date("2027-10-05T13:00:00Z"), MELBOURNE, "VIC")).toBe("2027-10-06");
  });
});

describe("grievanceDueDates and isOverdue", () => {
  it("due dates are the Nth business day after the counted day", () => {
    const settings = { timeZone: SYDNEY, jurisdiction: "NSW" as const, acknowledgeDays: 5, resolveDays: 30 };
    // Fri 24 Dec 2027 10:00 AEDT.
    expect(grievanceDueDates(new Date("2027-12-23T23:00:00Z"), settings)).toEqual({
      countedReceivedOn: "2027-12-24",
      acknowledgeBy: "2028-01-05",
      // 30 business days after 24 Dec 2027: 3 in Dec, 19 in Jan 2028 (21 weekdays less 3 Jan and Australia Day, Wed 26 Jan), 8 in Feb.
      resolveBy: "2028-02-10",
    });
  });

  it("Overdue appears from the day after the due date", () => {
    expect(isOverdue("2027-03-17", "2027-03-16")).toBe(false);
    expect(isOverdue("2027-03-17", "2027-03-17")).toBe(false);
    expect(isOverdue("2027-03-17", "2027-03-18")).toBe(true);
  });
});

describe("defaultJurisdiction", () => {
  it("maps each capital and the outlying zones", () => {
    expect(defaultJurisdiction("Australia/Sydney")).toBe("NSW");
    expect(defaultJurisdiction("Australia/Melbourne")).toBe("VIC");
    expect(defaultJurisdiction("Australia/Brisbane")).toBe("QLD");
    expect(defaultJurisdiction("Australia/Perth")).toBe("WA");
    expect(defaultJurisdiction("Australia/Adelaide")).toBe("SA");
    expect(defaultJurisdiction("Australia/Darwin")).toBe("NT");
    expect(defaultJurisdiction("Australia/Hobart")).toBe("TAS");
    expect(defaultJurisdiction("Australia/Canberra")).toBe("ACT");
    expect(defaultJurisdiction("Australia/Broken_Hill")).toBe("NSW");
    expect(defaultJurisdiction("Australia/Lindeman")).toBe("QLD");
    expect(defaultJurisdiction("Australia/Currie")).toBe("TAS");
    expect(defaultJurisdiction("Europe/London")).toBe("NSW");
  });

  it("labels every jurisdiction", () => {
    expect(JURISDICTIONS.map((j) => JURISDICTION_LABELS[j])).toContain("Victoria");
    for (const j of JURISDICTIONS) expect(JURISDICTION_LABELS[j]).toBeTruthy();
  });
});

describe("projectClockSettings", () => {
  it("defaults: jurisdiction from the time zone, 5 and 30 days", () => {
    expect(projectClockSettings({})).toEqual({ timeZone: SYDNEY, jurisdiction: "NSW", acknowledgeDays: 5, resolveDays: 30 });
    expect(projectClockSettings(null)).toEqual({ timeZone: SYDNEY, jurisdiction: "NSW", acknowledgeDays: 5, resolveDays: 30 });
    expect(projectClockSettings({ defaultTimezone: "Australia/Perth" })).toMatchObject({ timeZone: "Australia/Perth", jurisdiction: "WA" });
  });

  it("reads saved values", () => {
    expect(
      projectClockSettings({
        defaultTimezone: "Australia/Melbourne",
        grievanceJurisdiction: "QLD",
        grievanceAcknowledgeDays: 2,
        grievanceResolveDays: 90,
      }),
    ).toEqual({ timeZone: MELBOURNE, jurisdiction: "QLD", acknowledgeDays: 2, resolveDays: 90 });
  });

  it("falls back on invalid values", () => {
    expect(
      projectClockSettings({
        grievanceJurisdiction: "XYZ",
        grievanceAcknowledgeDays: 0,
        grievanceResolveDays: 91,
      }),
    ).toEqual({ timeZone: SYDNEY, jurisdiction: "NSW", acknowledgeDays: 5, resolveDays: 30 });
    expect(projectClockSettings({ grievanceAcknowledgeDays: 2.5, grievanceResolveDays: "10" })).toMatchObject({
      acknowledgeDays: 5,
      resolveDays: 30,
    });
  });
});
