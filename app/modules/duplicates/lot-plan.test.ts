import { lotPlanKey, parseLotPlan, PLAN_TYPES } from "./lot-plan";
import { matchProperty } from "./match-properties";
import { propertyBlockingKeys } from "./blocking-keys";

describe("parseLotPlan", () => {
  // [written, canonical key]
  const cases: [string, string][] = [
    // Queensland
    ["Lot 1 on RP123456", "1/RP123456"],
    ["1RP123456", "1/RP123456"],
    ["1/RP123456", "1/RP123456"],
    ["lot 1 on rp 123456", "1/RP123456"],
    ["LOT 1 ON RP123456.", "1/RP123456"],
    ["1 RP 123456", "1/RP123456"],
    ["Lot 12 on SP 301234", "12/SP301234"],
    ["Lot 12 on Survey Plan 301234", "12/SP301234"],
    ["Lot 5 on Registered Plan 0123456", "5/RP123456"],
    ["Lot 2 on AP 1234", "2/AP1234"],
    ["Lot 2 on Crown Plan 1234", "2/CP1234"],
    ["Lot 7 on CP 812345", "7/CP812345"],
    ["3/MPH12345", "3/MPH12345"],
    ["Lot 4 on BUP 1234", "4/BUP1234"],
    ["Lot 6 on CG 4321", "6/CG4321"],
    // NSW: lot/section/plan
    ["Lot 1 DP12345", "1/DP12345"],
    ["Lot 1 DP 12345", "1/DP12345"],
    ["1/DP12345", "1/DP12345"],
    ["1//DP12345", "1/DP12345"],
    ["1 / / DP 12345", "1/DP12345"],
    ["1/2/DP12345", "1/2/DP12345"],
    ["Lot 1 Section 2 DP 12345", "1/2/DP12345"],
    ["Lot 1 Sec. 2 DP12345", "1/2/DP12345"],
    ["Lot 1, Section 02, Deposited Plan 12345", "1/2/DP12345"],
    ["L3 DP12345", "3/DP12345"],
    ["Lot 3 on Deposited Plan 012345", "3/DP12345"],
    ["Lot 10 SP 56789", "10/SP56789"],
    // Victoria
    ["Lot 1 on Plan of Subdivision 400001", "1/PS400001"],
    ["1\\PS400001", "1/PS400001"],
    ["1 \\ ps 400001", "1/PS400001"],
    ["Lot A PS412345", "A/PS412345"],
    ["Lot 1 on Plan of Subdivision 412345A", "1/PS412345A"],
    ["Lot 2 LP 12345", "2/LP12345"],
    ["Lot 1 TP 987654", "1/TP987654"],
    ["Lot 1 on Plan of Consolidation 123456", "1/PC123456"],
    ["Lot 1/LP12345", "1/LP12345"],
    // Leading zeros and the plan without its register
    ["Lot 03 DP 012345", "3/DP12345"],
    ["3/12345", "3/12345"],
  ];

  it.each(cases)("reads %s as %s", (written, key) => {
    expect(parseLotPlan(written)?.key).toBe(key);
  });

  it("returns the parts, the section only when there is one", () => {
    expect(parseLotPlan("Lot 1 on RP123456")).toEqual({ lot: "1", planType: "RP", planNumber: "123456", key: "1/RP123456" });
    expect(parseLotPlan("1/2/DP12345")).toEqual({ lot: "1", section: "2", planType: "DP", planNumber: "12345", key: "1/2/DP12345" });
    expect(parseLotPlan("1//DP12345")).not.toHaveProperty("section");
    expect(parseLotPlan("1/0/DP12345")).not.toHaveProperty("section");
  });

  it("reads separate lot and plan fields the same way", () => {
    expect(parseLotPlan("1", "RP123456")?.key).toBe("1/RP123456");
    expect(parseLotPlan("Lot 1", "Plan of Subdivision 400001")?.key).toBe("1/PS400001");
    expect(parseLotPlan("03", "12345")).toMatchObject({ lot: "3", planType: null, planNumber: "12345", key: "3/12345" });
    expect(parseLotPlan("3", null)).toBeNull();
  });

  const notLotPlans = [
    "",
    "   ",
    "22 Lake Road",
    "Lot 1",
    "DP12345",
    "RP123456 Lot 1",
    "Lot 1 on RP",
    "Lot 1 XY12345",
    "1/2/3/DP12345",
    "Lot 1 DP12345 and Lot 2 DP12345",
    "Vol 1234 Fol 56",
    "12345",
    "3 12345",
    "1-DP12345X9",
    "Lot 1 on Plan of Subdivision",
    "Lot one DP12345",
  ];
  it.each(notLotPlans)("does not read %j", (text) => {
    expect(parseLotPlan(text)).toBeNull();
  });

  it("knows every register prefix it lists", () => {
    for (const type of PLAN_TYPES) expect(parseLotPlan(`Lot 7 ${type} 4567`)).toMatchObject({ planType: type, key: `7/${type}4567` });
    expect(parseLotPlan(null)).toBeNull();
  });

  it("builds the key from parts", () => {
    expect(lotPlanKey({ lot: "1", section: "2", planType: "DP", planNumber: "12345" })).toBe("1/2/DP12345");
    expect(lotPlanKey({ lot: "1", planType: null, planNumber: "12345" })).toBe("1/12345");
  });
});

describe("NSW sections in the duplicate rules", () => {
  it("keeps two sections of one plan apart, and meets a lot written without its section", () => {
    expect(matchProperty({ lotPlanLine: "1/2/DP12345" }, { lotPlanLine: "Lot 1 Sec 3 DP12345" })).toBeNull();
    expect(matchProperty({ lotPlanLine: "1/2/DP12345" }, { lotPlanLine: "Lot 1 Section 2 DP 12345" })?.matchType).toBe("lot/plan");
    expect(matchProperty({ lotPlanLine: "1/2/DP12345" }, { lotPlanLine: "Lot 1 DP12345" })?.matchType).toBe("lot/plan");
    expect(propertyBlockingKeys({ lotPlanLine: "1/2/DP12345" }).lotPlan).toBe("1/12345");
  });
});
