import { describe, expect, it } from "vitest";
import { closeRefusal, closingErrors, flagRefusal, forwardStages, moveRefusal, reopenRefusal, STAGE_LABELS, GRIEVANCE_STAGES, stageTimestamp } from "./stages";

const complete = { resolution: "upheld" as const, actionTaken: "Gate rehung", complainantToldOn: "2026-11-20", complainantToldHow: "Phone call", complainantAccepted: true };

describe("grievance stages", () => {
  it("labels every stage", () => {
    for (const stage of GRIEVANCE_STAGES) expect(STAGE_LABELS[stage]).toMatch(/\w/);
  });

  it("moves forward to any later open stage, never to closed", () => {
    expect(forwardStages("received")).toEqual(["acknowledged", "investigating", "response_proposed", "resolved"]);
    expect(forwardStages("resolved")).toEqual([]);
    expect(forwardStages("closed")).toEqual([]);
    expect(moveRefusal("received", "investigating")).toBeNull();
    expect(moveRefusal("investigating", "acknowledged")).toMatch(/cannot move back/);
    expect(moveRefusal("investigating", "investigating")).toMatch(/cannot move back/);
    expect(moveRefusal("resolved", "closed")).toMatch(/outcome/);
    expect(moveRefusal("closed", "resolved")).toMatch(/Reopen/);
  });

  it("closes only with the whole outcome", () => {
    expect(closingErrors(complete)).toEqual({});
    expect(closingErrors({ resolution: null, actionTaken: " ", complainantToldOn: null, complainantToldHow: null, complainantAccepted: null })).toEqual({
      resolution: "Select the resolution",
      actionTaken: "Enter what was done",
      complainantToldOn: "Enter when the complainant was told",
      complainantToldHow: "Enter how the complainant was told",
      complainantAccepted: "Select whether the complainant accepted the outcome",
    });
    // "No" is an answer: a complainant who did not accept still lets the grievance close.
    expect(closingErrors({ ...complete, complainantAccepted: false })).toEqual({});
    expect(closeRefusal("received")).toBeNull();
    expect(closeRefusal("closed")).toMatch(/already closed/);
  });

  it("reopens only a closed grievance; escalates and refers only an open one", () => {
    expect(reopenRefusal("closed")).toBeNull();
    expect(reopenRefusal("investigating")).toMatch(/Only a closed/);
    expect(flagRefusal("response_proposed")).toBeNull();
    expect(flagRefusal("closed")).toMatch(/Reopen/);
  });

  it("stamps acknowledged, resolved and closed", () => {
    expect(stageTimestamp("acknowledged")).toBe("acknowledgedAt");
    expect(stageTimestamp("resolved")).toBe("resolvedAt");
    expect(stageTimestamp("closed")).toBe("closedAt");
    expect(stageTimestamp("investigating")).toBeNull();
  });
});
