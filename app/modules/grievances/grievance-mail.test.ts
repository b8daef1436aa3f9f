import { describe, expect, it } from "vitest";
import { assignmentMessage, grievanceLink, reminderMessage, type GrievanceMailFacts } from "./grievance-mail";

const facts: GrievanceMailFacts = {
  id: 42,
  projectId: 7,
  projectName: "Western Pipeline Stage 2",
  reference: "G-0012",
  category: "gates_fences",
  severity: "high",
  complainantName: "Jo <Smith>",
  acknowledgeBy: "2026-11-30",
  resolveBy: "2027-01-11",
};

describe("grievance mail", () => {
  it("links to the grievance with its project selected", () => {
    expect(grievanceLink("https://records.example.org/", facts)).toBe("https://records.example.org/grievances/42?projectId=7");
  });

  it("tells the new owner the reference, category, severity, complainant's name, due dates and the link", () => {
    const message = assignmentMessage(facts, "https://records.example.org", "Pat Manager");
    expect(message.subject).toBe("Grievance G-0012 assigned to you");
    expect(message.text).toContain("Pat Manager made you the owner of grievance G-0012.");
    for (const line of ["Reference: G-0012", "Category: Gates and fences", "Severity: High", "Complainant: Jo <Smith>", "Acknowledge by: 30 Nov 2026", "Resolve by: 11 Jan 2027"]) {
      expect(message.text).toContain(line);
    }
    expect(message.text).toContain("Open the grievance: https://records.example.org/grievances/42?projectId=7");
    expect(message.html).toContain("Jo &lt;Smith&gt;");
  });

  it("names an anonymous complainant as such, and says which date a reminder is about", () => {
    const anonymous = { ...facts, complainantName: null };
    expect(reminderMessage(anonymous, "acknowledge", "http://localhost:3000").subject).toBe("Reminder: grievance G-0012 is due to be acknowledged by 30 Nov 2026");
    const resolve = reminderMessage(anonymous, "resolve", "http://localhost:3000");
    expect(resolve.subject).toBe("Reminder: grievance G-0012 is due to be resolved by 11 Jan 2027");
    expect(resolve.text).toContain("Complainant: Anonymous");
  });
});
