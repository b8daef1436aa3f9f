import { describe, expect, it } from "vitest";
import { StartupFormSchema } from "./schemas";
import { startupSummary } from "./startup-summary";

describe("startupSummary", () => {
  it("lists every field by its label, choices as labels, dates as dd/mm/yyyy, one line per team member", () => {
    const values = StartupFormSchema.parse({
      projectTitle: "Inland Rail Access",
      clientName: "Transport Co",
      clientProjectManager: "Kim Lee",
      cncProjectManager: "Sam Ray",
      leadBusinessUnit: "Land Access",
      projectStartDate: "2026-02-03",
      sector: "infrastructure",
      state: "NSW",
      teamMembers: [
        { name: "Ana Diaz", rate: "150", qualifications: "BEng" },
        { name: "Bo Chen", rate: "", qualifications: "" },
      ],
    });
    const summary = new Map(startupSummary(values));
    expect(summary.get("Project Title")).toBe("Inland Rail Access");
    expect(summary.get("Project Start Date")).toBe("03/02/2026");
    expect(summary.get("Estimated End Date")).toBeNull();
    expect(summary.get("Sector")).toBe("Infrastructure");
    expect(summary.get("Terms of Agreement")).toBe("Services Agreement");
    expect(summary.get("Terms of Engagement")).toBe("Fixed Fee");
    expect(summary.get("Require approval")).toBe(true);
    expect(summary.get("Default time zone")).toBe("Sydney");
    expect(summary.get("Team Members")).toBe("Ana Diaz (rate 150, BEng)\nBo Chen");
    // The team follows State, in the form's own order.
    const labels = startupSummary(values).map(([label]) => label);
    expect(labels.indexOf("Team Members")).toBe(labels.indexOf("State") + 1);
  });
});
