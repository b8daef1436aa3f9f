import { AppError, errorPlacement, FieldError, RuleRefusal, StaleEditError, type ErrorScreen } from "./app-error";

const summary: ErrorScreen = { form: "summary" };
const fields: ErrorScreen = { form: "fields" };
const none: ErrorScreen = { form: "none" };

describe("errorPlacement", () => {
  it.each([400, 409, 413, 415, 422] as const)("shows a %i on the screen: inline on a form, a flash without one", (status) => {
    const error = new AppError(status, "Fix it");
    expect(errorPlacement(error, summary)).toBe("inline");
    expect(errorPlacement(error, none)).toBe("flash");
    expect(errorPlacement(error, fields)).toBe("flash");
  });

  it.each([401, 403, 404, 405] as const)("sends a plain %i to the error page, whatever the screen", (status) => {
    for (const screen of [summary, fields, none, { form: "summary", failures: true } as const]) expect(errorPlacement(new AppError(status, "No"), screen)).toBe("page");
  });

  it("sends a 403 or 404 with a code to the error page as well (INVALID_PROJECT is an access refusal)", () => {
    expect(errorPlacement(new AppError(403, "You are not a member of this project", "INVALID_PROJECT"), summary)).toBe("page");
    expect(errorPlacement(new AppError(404, "Project not found", "INVALID_PROJECT"), summary)).toBe("page");
  });

  it("shows a RuleRefusal (a plan limit, a user-management rule) like a refusal the user can act on", () => {
    expect(errorPlacement(new RuleRefusal("The plan allows 3 users per project", "PLAN_LIMIT"), summary)).toBe("inline");
    expect(errorPlacement(new RuleRefusal("You cannot change your own role"), none)).toBe("flash");
  });

  it("puts an error that names a field at that field, on a fields-only form too; its 404 is the form's", () => {
    expect(errorPlacement(new FieldError(400, "Type DELETE to confirm", "confirmation"), fields)).toBe("inline");
    expect(errorPlacement(new FieldError(404, "The stakeholder is gone", "stakeholderId"), summary)).toBe("inline");
    expect(errorPlacement(new FieldError(404, "The stakeholder is gone", "stakeholderId"), none)).toBe("flash");
    expect(errorPlacement(new FieldError(403, "No", "file"), summary)).toBe("page");
  });

  it("shows a failure (5xx or not an AppError) only on a screen with a failure text", () => {
    for (const failure of [new AppError(500, "Failed"), new AppError(503, "Store unreachable"), new TypeError("bug")]) {
      expect(errorPlacement(failure, summary)).toBe("page");
      expect(errorPlacement(failure, { form: "summary", failures: true })).toBe("inline");
      expect(errorPlacement(failure, { form: "none", failures: true })).toBe("flash");
      expect(errorPlacement(failure, { form: "fields", failures: true })).toBe(failure instanceof FieldError ? "inline" : "flash");
    }
    expect(errorPlacement(new FieldError(500, "Store unreachable", "file"), { form: "fields", failures: true })).toBe("inline");
  });

  it("lets a thrown Response (a redirect, a sign-in's 401) leave unchanged", () => {
    expect(errorPlacement(new Response(null, { status: 302 }), { form: "summary", failures: true })).toBe("page");
  });

  it("treats a stale edit as a 409 with the STALE_VERSION code and the current values", () => {
    const stale = new StaleEditError("Changed by someone else", { notes: "Now", version: "3" });
    expect(stale.status).toBe(409);
    expect(stale.code).toBe("STALE_VERSION");
    expect(errorPlacement(stale, summary)).toBe("inline");
  });
});
