import { describe, expect, it } from "vitest";
import { listJoin, partsSentence, runningTotalSentence, trendSentence } from "./summary";

describe("chart sentences (docs/records.md#report-charts)", () => {
  const labels = ["4 May", "11 May", "18 May", "25 May"];
  const period = "from 1 May 2026 to 31 May 2026";

  it("says a weekly figure rose, fell or held, and names a peak in between", () => {
    expect(trendSentence({ what: "Engagements", per: "a week", values: [12, 20, 25, 31], labels, period })).toBe("Engagements rose from 12 to 31 a week from 1 May 2026 to 31 May 2026 (88 in all).");
    expect(trendSentence({ what: "Engagements", per: "a week", values: [12, 35, 20, 31], labels, period })).toBe(
      "Engagements rose from 12 to 31 a week from 1 May 2026 to 31 May 2026; the most was 35 in the week of 11 May (98 in all).",
    );
    expect(trendSentence({ what: "Grievances received", per: "a week", values: [5, 1, 0, 2], labels, period })).toBe(
      "Grievances received fell from 5 to 2 a week from 1 May 2026 to 31 May 2026 (8 in all).",
    );
    expect(trendSentence({ what: "Engagements", per: "a week", values: [3, 1, 3], labels, period })).toBe("Engagements started and ended at 3 a week from 1 May 2026 to 31 May 2026 (7 in all).");
  });

  it("says so when there is nothing, and reads one week as one number", () => {
    expect(trendSentence({ what: "Engagements", per: "a week", values: [0, 0], labels, period })).toBe("No engagements from 1 May 2026 to 31 May 2026.");
    expect(trendSentence({ what: "Engagements", per: "a week", values: [], labels, period })).toBe("No engagements from 1 May 2026 to 31 May 2026.");
    expect(trendSentence({ what: "Engagements", per: "a week", values: [1234], labels, period })).toBe("Engagements: 1,234 from 1 May 2026 to 31 May 2026.");
  });

  it("gives the parts of a whole with their shares", () => {
    expect(
      partsSentence({
        of: "properties",
        of1: "property",
        parts: [
          { label: "Signed", value: 25 },
          { label: "Expiring within 30 days", value: 5 },
          { label: "Expired", value: 3 },
          { label: "No agreement", value: 7 },
        ],
      }),
    ).toBe("Of 40 properties: Signed 25 (63%), Expiring within 30 days 5 (13%), Expired 3 (8%) and No agreement 7 (18%).");
    expect(partsSentence({ of: "properties", of1: "property", parts: [{ label: "Signed", value: 1 }] })).toBe("Of 1 property: Signed 1 (100%).");
    expect(partsSentence({ of: "properties", of1: "property", parts: [{ label: "Signed", value: 0 }] })).toBe("No properties.");
  });

  it("a running total went from one number to another, or stayed", () => {
    expect(runningTotalSentence({ what: "Agreements in place", values: [10, 12, 18], period })).toBe("Agreements in place went from 10 to 18 from 1 May 2026 to 31 May 2026.");
    expect(runningTotalSentence({ what: "Agreements in place", values: [4, 4], period })).toBe("Agreements in place stayed at 4 from 1 May 2026 to 31 May 2026.");
  });

  it("joins a list with commas and a last 'and'", () => {
    expect(listJoin([])).toBe("");
    expect(listJoin(["a"])).toBe("a");
    expect(listJoin(["a", "b", "c"])).toBe("a, b and c");
  });
});
