import { AppError } from "./app-error";
import { asFailure } from "./failure.server";

describe("asFailure", () => {
  const context = { component: "test", code: "TEST_FAILED" };

  it("turns an unexpected error into the screen's text, 500, with its code", () => {
    const failure = asFailure(new Error("relation does not exist"), "Failed to do it", context);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 500, message: "Failed to do it", code: "TEST_FAILED" });
  });

  it("keeps a refusal, a thrown Response and the database being away as they are", () => {
    const refusal = new AppError(409, "Already resolved", "DONE");
    expect(asFailure(refusal, "Failed to do it", context)).toBe(refusal);
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    expect(asFailure(redirect, "Failed to do it", context)).toBe(redirect);
    const away = asFailure(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), "Failed to do it", context);
    expect(away).toMatchObject({ status: 503 });
    expect((away as AppError).headers?.["Retry-After"]).toBeDefined();
  });
});
