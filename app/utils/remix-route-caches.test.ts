import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";

/**
 * patches/@remix-run+router caches each route array's ranked branches and each compiled path pattern
 * (the server's per-request routing cost, bench/README.md). The patch must be applied by the install
 * (postinstall), and matching with the caches must answer exactly as before, call after call.
 */
const require = createRequire(import.meta.url);
// The CommonJS build is what the server loads; the browser bundle uses the unpatched ES module.
const routerPath = require.resolve("@remix-run/router");
const router = require(routerPath) as typeof import("@remix-run/router");

const routes: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "stakeholders", path: "stakeholders" },
      { id: "stakeholder", path: "stakeholders/:id" },
      { id: "phases", path: "projects/:id/phases" },
      { id: "planning", path: "projects/:id/phases/planning" },
      { id: "docs", path: "documentation/*" },
      { id: "optional", path: "reports/:kind?" },
      { id: "case", path: "CaseSensitive", caseSensitive: true },
      { id: "not-found", path: "*" },
    ],
  },
];

const matchedIds = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id);

describe("Remix route caches (patch-package)", () => {
  it("is applied to the router the server loads", async () => {
    const source = await import("node:fs").then((fs) => fs.readFileSync(routerPath, "utf8"));
    expect(routerPath).toMatch(/router\.cjs\.js$/);
    expect(source).toContain("function rankedBranchesFor(routes)");
    expect(source).toContain("const compiledPathCache = new Map()");
  });

  it("matches the same array again and again with the right routes and params", () => {
    for (let round = 0; round < 3; round++) {
      expect(matchedIds("/")).toEqual(["root", "home"]);
      expect(matchedIds("/stakeholders")).toEqual(["root", "stakeholders"]);
      expect(router.matchRoutes(routes, "/stakeholders/42")?.at(-1)?.params).toEqual({ id: "42" });
      expect(router.matchRoutes(routes, "/projects/7/phases/planning")?.at(-1)).toMatchObject({ route: { id: "planning" }, params: { id: "7" } });
      expect(router.matchRoutes(routes, "/documentation/user-guide/print")?.at(-1)?.params["*"]).toBe("user-guide/print");
      expect(router.matchRoutes(routes, "/reports")?.at(-1)?.params).toEqual({ kind: undefined });
      expect(router.matchRoutes(routes, "/reports/weekly")?.at(-1)?.params).toEqual({ kind: "weekly" });
      expect(matchedIds("/casesensitive")).toEqual(["root", "not-found"]);
      expect(matchedIds("/CaseSensitive")).toEqual(["root", "case"]);
      expect(matchedIds("/no/such/page")).toEqual(["root", "not-found"]);
    }
  });

  it("keeps each array's routes apart (a cache per array)", () => {
    const other: AgnosticRouteObject[] = [{ id: "other-root", path: "/", children: [{ id: "other-stakeholders", path: "stakeholders" }] }];
    expect(router.matchRoutes(other, "/stakeholders")?.map((m) => m.route.id)).toEqual(["other-root", "other-stakeholders"]);
    expect(matchedIds("/stakeholders")).toEqual(["root", "stakeholders"]);
    expect(router.matchRoutes(other, "/stakeholders")?.[1]?.route).toBe(other[0]!.children![0]);
  });

  it("gives matchPath the same answers for a cached pattern, case and end options included", () => {
    expect(router.matchPath("/stakeholders/:id", "/stakeholders/1")?.params).toEqual({ id: "1" });
    expect(router.matchPath("/stakeholders/:id", "/stakeholders/2")?.params).toEqual({ id: "2" });
    expect(router.matchPath({ path: "/stakeholders", end: false }, "/stakeholders/3")?.pathnameBase).toBe("/stakeholders");
    expect(router.matchPath({ path: "/stakeholders", end: true }, "/stakeholders/3")).toBeNull();
    expect(router.matchPath({ path: "/Upper", caseSensitive: true }, "/upper")).toBeNull();
    expect(router.matchPath({ path: "/Upper", caseSensitive: false }, "/upper")).not.toBeNull();
  });
});
