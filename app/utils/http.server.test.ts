import { AppError, FieldError, StaleEditError } from "./app-error";
import type { FlashMessage } from "./flash";
import { log } from "./log.server";
import { appErrorResponse, errorResponse, handleAppErrors, requestOrigin, requireMethod, safeRedirectPath } from "./http.server";

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
    ["/\\/evil.example", "slash-backslash"],
    ["/\t/evil.example", "tab after the slash (browsers drop it: //evil.example)"],
    ["/\n/evil.example", "newline after the slash"],
    ["/%09/evil.example", "percent-encoded tab"],
    ["/%5C/evil.example", "percent-encoded backslash"],
    ["/%2F/evil.example", "percent-encoded second slash"],
    ["/%2f%2fevil.example", "lower-case encoded slashes"],
    ["https:evil.example", "scheme without slashes"],
    ["/\u0000x", "NUL"],
    ["/%E0%A4%A", "malformed percent-encoding"],
    ["///evil.example", "three slashes"],
  ])("falls back for %s (%s)", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
    expect(safeRedirectPath(path, "/dashboard")).toBe("/dashboard");
  });

  it("returns the normalised path, query and fragment", () => {
    expect(safeRedirectPath("/a/../b?x=1#top")).toBe("/b?x=1#top");
    expect(safeRedirectPath("/stakeholders?search=Smith%20%26%20Co")).toBe("/stakeholders?search=Smith%20%26%20Co");
  });

  it("a target taken from a query string is checked after URL decoding", () => {
    const fromQuery = new URL("http://localhost/api/login?redirectTo=/%09/evil.example").searchParams.get("redirectTo");
    expect(fromQuery).toBe("/\t/evil.example");
    expect(safeRedirectPath(fromQuery)).toBe("/");
  });

  // Each of these must come out as the fallback or as a same-site path that a browser (which drops
  // tabs and newlines and reads "\\" as "/") cannot take off the site, and checking the result again
  // must change nothing (docs/access.md#redirects).
  const NASTY = [
    "/.//evil.example",
    "/./%2Fevil.example",
    "/.%2F/evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/a/../..//evil.example",
    "/..//evil.example",
    "/.///evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "///evil.example",
    "////evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0d%0a/evil.example",
    "/./\t/evil.example",
    "/%2e/%09/evil.example",
    "/ /evil.example",
    "/%20/evil.example",
    "/x?next=//evil.example",
    "/x#//evil.example",
    "/@evil.example",
    "/.@evil.example",
    "/:evil.example",
    "/%",
    "/%E0%A4%A",
    "/\u2028/evil.example",
    "/\u3000/evil.example",
  ];

  it.each(NASTY)("keeps %j on this site, and a second pass changes nothing", (path) => {
    const once = safeRedirectPath(path, "/fallback");
    expect(safeRedirectPath(once, "/fallback")).toBe(once);
    expect(once.startsWith("/")).toBe(true);
    // As a browser reads the Location header: whitespace and control characters dropped, "\\" as "/".
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    const asBrowserReadsIt = once.replace(/[\u0000-\u001f]/g, "").replace(/\\/g, "/");
    expect(asBrowserReadsIt.startsWith("//")).toBe(false);
    expect(new URL(asBrowserReadsIt, "https://records.example.test").origin).toBe("https://records.example.test");
    // Nor does it decode into a protocol-relative URL for a later check.
    expect(decodeURIComponent(once).startsWith("//")).toBe(false);
  });

  it("no longer turns /.//evil.example into //evil.example (it falls back)", () => {
    expect(safeRedirectPath("/.//evil.example")).toBe("/");
    expect(safeRedirectPath("/a/..//evil.example")).toBe("/");
    expect(safeRedirectPath("/./%2Fevil.example")).toBe("/");
  });

  it("is idempotent on ordinary paths too", () => {
    for (const path of ["/x", "/a b", "/stakeholders?search=Smith%20%26%20Co", "/a/./b/../c?x=%2F#frag", "/%C3%A9t%C3%A9", "/été"]) {
      const once = safeRedirectPath(path);
      expect(once).not.toBe("/");
      expect(safeRedirectPath(once)).toBe(once);
    }
  });

  it("falls back for null, undefined and a File", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
    expect(safeRedirectPath(new File(["/x"], "x.txt"), "/home")).toBe("/home");
  });
});

describe("requestOrigin", () => {
  it("returns scheme, host and port of the request URL", () => {
    expect(requestOrigin(new Request("https://records.example.test:8443/a/b?c=1"))).toBe("https://records.example.test:8443");
    expect(requestOrigin(new Request("http://localhost:3000/"))).toBe("http://localhost:3000");
  });
});

describe("appErrorResponse and handleAppErrors", () => {
  it("renders an AppError as { message, code } with its status", async () => {
    const response = appErrorResponse(new AppError(404, "Project not found", "INVALID_PROJECT"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
  });

  it("omits code when the error has none, and carries its headers", async () => {
    const response = appErrorResponse(new AppError(405, "Method not allowed", undefined, { Allow: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });

  it("passes results through, throws AppErrors as responses and rethrows everything else", async () => {
    expect(await handleAppErrors(async () => 42)).toBe(42);
    const thrown = await handleAppErrors(async () => {
      throw new AppError(422, "Bad input");
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(422);
    expect(await (thrown as Response).json()).toEqual({ message: "Bad input" });
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(
      handleAppErrors(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    await expect(
      handleAppErrors(async () => {
        throw new TypeError("boom");
      }),
    ).rejects.toThrow("boom");
  });
});

describe("errorResponse", () => {
  const thrownBy = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
  const flashes: FlashMessage[] = [];
  const redirect = async (flash: FlashMessage) => {
    flashes.push(flash);
    return new Response(null, { status: 302, headers: { Location: "/back" } });
  };

  it("gives the import /api the spec's error field and a refusal's title, through handleAppErrors", async () => {
    const refused = Object.assign(new AppError(415, "Unsupported file format", "IMPORT_FILE_REFUSED"), { title: "Invalid File" });
    const thrown = (await thrownBy(handleAppErrors(() => Promise.reject(refused), { body: "import" }))) as Response;
    expect(thrown.status).toBe(415);
    expect(await thrown.json()).toEqual({ error: "Unsupported file format", message: "Unsupported file format", title: "Invalid File", code: "IMPORT_FILE_REFUSED" });
  });

  it("returns a refusal as the form's data: the error at the summary (or its field), the values shown again, its status", async () => {
    const response = await errorResponse(new AppError(409, "Already completed"), { form: "summary", formId: "f", values: { a: "1" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ formId: "f", fieldErrors: { _form: "Already completed" }, repopulateFields: { a: "1" } });
    const named = await errorResponse(new FieldError(400, "Type DELETE", "confirmation"), { form: "fields", formId: "f", field: "file", data: { title: "T" } });
    expect(await named.json()).toEqual({ title: "T", formId: "f", fieldErrors: { confirmation: "Type DELETE" } });
  });

  it("shows a stale edit with the record's current values instead of what was posted", async () => {
    const stale = new StaleEditError("Changed by someone else", { notes: "Now", version: "3" });
    const response = await errorResponse(stale, { form: "summary", formId: "f", values: { notes: "Mine", version: "2" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ formId: "f", fieldErrors: { _form: "Changed by someone else" }, repopulateFields: { notes: "Now", version: "3" } });
  });

  it("sends a flash with the screen's title, its message or the error's, and a failure text for a failure", async () => {
    flashes.length = 0;
    expect((await errorResponse(new AppError(409, "Nothing to delete"), { form: "none", title: (e) => (e?.status === 409 ? "Nothing" : "Failed"), redirect })).status).toBe(302);
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    await errorResponse(new TypeError("bug"), { form: "none", failures: true, failure: "Failed to save. Please try again.", redirect });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    await errorResponse(new AppError(503, "Store unreachable"), { form: "none", failures: true, message: "Failed to delete document", redirect });
    expect(flashes).toEqual([
      { kind: "error", title: "Nothing", description: "Nothing to delete" },
      { kind: "error", title: "Error", description: "Failed to save. Please try again." },
      { kind: "error", title: "Error", description: "Failed to delete document" },
    ]);
  });

  it("throws what goes to the error page: an AppError as its response, anything else unchanged", async () => {
    const refused = (await thrownBy(errorResponse(new AppError(403, "No"), { form: "summary", formId: "f" }))) as Response;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "No" });
    const bug = new TypeError("bug");
    expect(await thrownBy(errorResponse(bug, { form: "summary", formId: "f" }))).toBe(bug);
  });
});

describe("requireMethod", () => {
  it("lets the allowed methods through and refuses others with 405 and Allow", () => {
    expect(() => requireMethod(new Request("http://x/", { method: "POST" }), "POST")).not.toThrow();
    let caught: unknown;
    try {
      requireMethod(new Request("http://x/", { method: "GET" }), "PUT", "DELETE");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(405);
    expect((caught as AppError).headers).toEqual({ Allow: "PUT, DELETE" });
  });
});
