import { expect, test } from "./support";

/**
 * The headers every page gets from the production server (the browser tests run NODE_ENV=production
 * over http, where browsers ignore HSTS but it is still sent).
 */
const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

test("pages carry a CSP that allows images only from this site or inline data, and HSTS", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const csp = directives(response.headers()["content-security-policy"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("script-src")?.[0]).toBe("'self'");
  expect(csp.get("script-src")?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{24}'$/);
  expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a look-alike of the file preview route is an ordinary 404 page with the page policy", async ({ request }) => {
  for (const path of ["/api/templates/1/preview", "/api/documents/1/preview/x"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-security-policy"], path).toContain("default-src 'self'");
  }
});

test("the real preview route is left to set its own policy", async ({ request }) => {
  // Signed out, it answers 401 as JSON; the app-wide page policy is not applied to it.
  const response = await request.get("/api/documents/1/preview?projectId=1");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-security-policy"]).toBeUndefined();
});
