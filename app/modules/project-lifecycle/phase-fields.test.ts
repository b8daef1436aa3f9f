import {
  answeredQuestions,
  CLOSURE_QUESTIONS,
  defaultPhaseValues,
  detailsKey,
  FORM_VERSION,
  isFormPhase,
  PHASE_QUESTIONS,
  phaseStatusBadge,
  phaseSummaryFields,
  PLANNING_QUESTIONS,
} from "./phase-fields";

describe("phase questions (docs/lifecycle.md)", () => {
  it("planning asks the spec's nine questions in its order", () => {
    expect(PLANNING_QUESTIONS.map((q) => q.key)).toEqual([
      "clientKickoffMeeting",
      "deliverablesConfirmed",
      "clientContactsConfirmed",
      "progressTrackingConfirmed",
      "documentMatrixConsidered",
      "safetyTrainingDiscussion",
      "internalKickoffMeeting",
      "projectExecutionPlan",
      "hseExecutionPlan",
    ]);
  });

  it("closure asks the spec's ten questions in its order", () => {
    expect(CLOSURE_QUESTIONS.map((q) => q.key)).toEqual([
      "deliverablesCompleted",
      "clientHandover",
      "projectContentUploaded",
      "timeExpensesEntered",
      "finalInvoiceSent",
      "equipmentReturned",
      "lessonsLearntMeeting",
      "projectHighlights",
      "subcontractorReport",
      "clientReviewSurvey",
    ]);
  });

  it("every question is a distinct question ending in a question mark, with a topic for its messages", () => {
    for (const questions of Object.values(PHASE_QUESTIONS)) {
      expect(new Set(questions.map((q) => q.question)).size).toBe(questions.length);
      for (const q of questions) {
        expect(q.question).toMatch(/^[A-Z].+\?$/);
        expect(q.topic).toMatch(/^[a-zA-Z]/);
        expect(q.topic).not.toMatch(/[.?]$/);
      }
    }
    expect(PLANNING_QUESTIONS[0]!.question).toBe("Has a kick-off meeting been held with the client?");
    expect(CLOSURE_QUESTIONS[4]!.question).toBe("Has the final invoice been sent to the client?");
  });

  it("starts every answer at No with no details or comments", () => {
    const values = defaultPhaseValues("closure");
    expect(Object.keys(values)).toHaveLength(10 * 2 + 1);
    expect(CLOSURE_QUESTIONS.every((q) => values[q.key] === "no" && values[detailsKey(q.key)] === null)).toBe(true);
    expect(values.additionalComments).toBeNull();
  });

  it("knows its two form phases only", () => {
    expect(isFormPhase("planning")).toBe(true);
    expect(isFormPhase("closure")).toBe(true);
    expect(isFormPhase("startup")).toBe(false);
    expect(isFormPhase("toString")).toBe(false);
  });

  it("carries the spec's version label", () => {
    expect(FORM_VERSION).toBe("7.4");
  });
});

describe("phase status badges (docs/lifecycle.md)", () => {
  it.each([
    ["pending", "Pending"],
    ["in-progress", "In Progress"],
    ["completed", "Completed"],
    ["done", "Unknown"],
    ["", "Unknown"],
    [null, "Unknown"],
    [undefined, "Unknown"],
    ["constructor", "Unknown"],
  ])("%s shows %s", (status, label) => {
    expect(phaseStatusBadge(status).label).toBe(label);
  });

  it("colours completed green and in progress amber", () => {
    expect(phaseStatusBadge("completed").color).toBe("green");
    expect(phaseStatusBadge("in-progress").color).toBe("amber");
  });
});

describe("phase summaries", () => {
  it("lists each question numbered with Yes or No and its details, then the comments", () => {
    const values = { ...defaultPhaseValues("planning"), clientKickoffMeeting: "yes", clientKickoffMeetingDetails: "  Held on site, 3 March.  ", additionalComments: "All good" };
    const fields = phaseSummaryFields("planning", values);
    expect(fields).toHaveLength(10);
    expect(fields[0]).toEqual(["1. Has a kick-off meeting been held with the client?", "Yes\nHeld on site, 3 March."]);
    expect(fields[1]).toEqual(["2. Have the project deliverables been confirmed with the client?", "No"]);
    expect(fields.at(-1)).toEqual(["Additional comments", "All good"]);
  });

  it("reads anything but yes as No", () => {
    const rows = answeredQuestions("closure", { deliverablesCompleted: "maybe" });
    expect(rows[0]).toEqual({ number: 1, question: "Have all project deliverables been completed?", answer: "No", details: null });
    expect(rows).toHaveLength(10);
  });
});
