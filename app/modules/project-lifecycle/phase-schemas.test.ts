import { CLOSURE_QUESTIONS, COMMENTS_MAX, DETAILS_MAX, PLANNING_QUESTIONS } from "./phase-fields";
import { answerMessage, ClosureFormSchema, detailsTooLongMessage, phaseValidator, PlanningFormSchema, readPhaseIntent } from "./phase-schemas";

describe("the planning and closure schemas", () => {
  it("defaults every answer to No and blank text to null, and drops fields the form does not have", () => {
    const parsed = PlanningFormSchema.parse({ projectId: "7", intent: "submit" });
    expect(Object.keys(parsed)).toHaveLength(PLANNING_QUESTIONS.length * 2 + 1);
    expect(parsed.clientKickoffMeeting).toBe("no");
    expect(parsed.clientKickoffMeetingDetails).toBeNull();
    expect(parsed.additionalComments).toBeNull();
    expect(parsed).not.toHaveProperty("projectId");
  });

  it("reads yes/no as a form posts them, and true/false or Yes/No from JSON", () => {
    const parsed = ClosureFormSchema.parse({ deliverablesCompleted: "yes", clientHandover: true, projectContentUploaded: "No", timeExpensesEntered: false, finalInvoiceSent: " YES " });
    expect(parsed).toMatchObject({ deliverablesCompleted: "yes", clientHandover: "yes", projectContentUploaded: "no", timeExpensesEntered: "no", finalInvoiceSent: "yes" });
  });

  it("refuses an answer that is neither yes nor no, naming the question", () => {
    const result = ClosureFormSchema.safeParse({ clientHandover: "maybe" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ["clientHandover"], message: answerMessage(CLOSURE_QUESTIONS[1]!.topic) });
    expect(answerMessage(CLOSURE_QUESTIONS[1]!.topic)).toBe("Select yes or no for the client handover");
  });

  it("trims details and limits their length", () => {
    expect(PlanningFormSchema.parse({ hseExecutionPlanDetails: "  In the project folder  " }).hseExecutionPlanDetails).toBe("In the project folder");
    expect(PlanningFormSchema.safeParse({ hseExecutionPlanDetails: "x".repeat(DETAILS_MAX) }).success).toBe(true);
    const tooLong = PlanningFormSchema.safeParse({ hseExecutionPlanDetails: "x".repeat(DETAILS_MAX + 1) });
    expect(tooLong.error!.issues[0]).toMatchObject({ path: ["hseExecutionPlanDetails"], message: detailsTooLongMessage("the HSE execution plan") });
    expect(detailsTooLongMessage("the HSE execution plan")).toBe("Details of the HSE execution plan must be 2,000 characters or fewer");
    const comments = ClosureFormSchema.safeParse({ additionalComments: "y".repeat(COMMENTS_MAX + 1) });
    expect(comments.error!.issues[0]!.message).toBe("Additional comments must be 5,000 characters or fewer");
  });

  it("refuses details that are not text", () => {
    const result = PlanningFormSchema.safeParse({ clientKickoffMeetingDetails: { nested: true } });
    expect(result.error!.issues[0]!.message).toBe("Details of the client kick-off meeting must be text");
  });

  it("validates a posted form with the field names as error keys", async () => {
    const form = new FormData();
    form.set("clientKickoffMeeting", "perhaps");
    form.set("deliverablesConfirmed", "yes");
    const result = await phaseValidator("planning").validate(form);
    expect(result.error?.fieldErrors).toEqual({ clientKickoffMeeting: "Select yes or no for the client kick-off meeting" });
  });

  it("reads the form's intent, with a fallback for a caller that sends none", () => {
    expect(readPhaseIntent("save")).toBe("save");
    expect(readPhaseIntent(["save", "submit"])).toBe("submit");
    expect(readPhaseIntent(undefined, "submit")).toBe("submit");
    expect(readPhaseIntent("delete", "submit")).toBeNull();
  });
});
