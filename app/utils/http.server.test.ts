import { AppError } from "./app-error";
import { apiError, handleApi, requestOrigin, safeRedirectPath } from "./http.server";
import { pageParams } from "./pagination";

describe("safeRedirectPath", () => {
  it.each(["/x", "/stakeholders?projectId=3", "/a/b#c", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["//evil.example", "protocol-relative"],
    ["https://evil.example", "absolute URL"],
    ["/\\evil.example", "backslash trick"],
    ["javascript:alert(1)", "scheme"],
    ["x", "relative path"],
    ["", "empty string"],
  ])("falls back for %s (%s)", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
    expect(safeRedirectPath(path, "/dashboard")).toBe("/dashboard");
  });

  it("falls back for null, undefined and a File", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
    expect(safeRedirectPath(new File(["/x"], "x.txt"), "/home")).toBe("/home");
  });
});

describe("pageParams", () => {
  const page = (query: string, options?: { defaultLimit?: number; maxLimit?: number }) => pageParams(new URLSearchParams(query), options);

  it("uses the defaults when nothing is given", () => {
    expect(page("")).toEqual({ limit: 50, offset: 0 });
    expect(page("", { defaultLimit: 10 })).toEqual({ limit: 10, offset: 0 });
  });

  it("keeps values inside the bounds", () => {
    expect(page("limit=25&offset=75")).toEqual({ limit: 25, offset: 75 });
    expect(page("limit=200")).toEqual({ limit: 200, offset: 0 });
  });

  it("clamps the limit to maxLimit", () => {
    expect(page("limit=201")).toEqual({ limit: 200, offset: 0 });
    expect(page("limit=1000000")).toEqual({ limit: 200, offset: 0 });
    expect(page("limit=80", { maxLimit: 30 })).toEqual({ limit: 30, offset: 0 });
  });

  it("replaces zero, negative and non-numeric values", () => {
    expect(page("limit=0&offset=0")).toEqual({ limit: 50, offset: 0 });
    expect(page("limit=-5&offset=-10")).toEqual({ limit: 50, offset: 0 });
    expect(page("limit=abc&offset=xyz")).toEqual({ limit: 50, offset: 0 });
  });

  it("truncates fractional and suffixed numbers as parseInt does", () => {
    expect(page("limit=12.9&offset=7.5")).toEqual({ limit: 12, offset: 7 });
    expect(page("limit=30rows&offset=5x")).toEqual({ limit: 30, offset: 5 });
  });
});

describe("requestOrigin", () => {
  it("returns scheme, host and port of the request URL", () => {
    expect(requestOrigin(new Request("https://records.example.test:8443/a/b?c=1"))).toBe("https://records.example.test:8443");
    expect(requestOrigin(new Request("http://localhost:3000/"))).toBe("http://localhost:3000");
  });
});

describe("apiError and handleApi", () => {
  it("renders an AppError as { message, code } with its status", async () => {
    const response = apiError(new AppError(404, "Project not found", "INVALID_PROJECT"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
  });

  it("omits code when the error has none", async () => {
    const response = apiError(new AppError(403, "Nope"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Nope" });
  });

  it("passes results through, turns AppErrors into JSON and rethrows everything else", async () => {
    expect(await handleApi(async () => 42)).toBe(42);
    const converted = await handleApi(async () => {
      throw new AppError(422, "Bad input");
    });
    expect(converted).toBeInstanceOf(Response);
    expect((converted as Response).status).toBe(422);
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(
      handleApi(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    await expect(
      handleApi(async () => {
        throw new TypeError("boom");
      }),
    ).rejects.toThrow("boom");
  });
});
