import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";

/**
 * patches/@remix-run+router caches each route array's ranked branches, each compiled path pattern and
 * each pathname's matches; patches/react-router-dom converts a route array to data routes once, so the
 * array Remix renders with stays the same object and those caches hit (the server's per-request routing
 * cost, bench/README.md). The patches must be applied by the install (postinstall), and matching with
 * the caches must answer exactly as before, call after call.
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
    expect(source).toContain("function matchMemoFor(branches)");
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

  it("answers a remembered pathname with fresh copies, so a caller's change never reaches the next answer", () => {
    const first = router.matchRoutes(routes, "/stakeholders/42")!;
    // matchRouteBranch gives every match of one answer the same params object; the copies keep that.
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).id = "changed";
    first.push(first[0]!);
    const second = router.matchRoutes(routes, "/stakeholders/42")!;
    expect(second.map((m) => [m.route.id, m.params, m.pathname])).toEqual([
      ["root", { id: "42" }, "/"],
      ["stakeholder", { id: "42" }, "/stakeholders/42"],
    ]);
    expect(second).not.toBe(first);
    expect(second[1]!.route).toBe(routes[0]!.children![2]);
    // A remembered miss stays a miss; a different pathname is matched on its own.
    const none: AgnosticRouteObject[] = [{ id: "only", path: "/only" }];
    expect(router.matchRoutes(none, "/elsewhere")).toBeNull();
    expect(router.matchRoutes(none, "/elsewhere")).toBeNull();
    expect(router.matchRoutes(none, "/only")?.map((m) => m.route.id)).toEqual(["only"]);
  });

  it("keeps matching correctly past the memo's limit (it is emptied, not grown)", () => {
    for (let id = 0; id < 2500; id++) expect(router.matchRoutes(routes, `/stakeholders/${id}`)?.at(-1)?.params).toEqual({ id: String(id) });
    expect(matchedIds("/stakeholders")).toEqual(["root", "stakeholders"]);
  });

  it("gives Remix's static router the same data routes for the same route array, render after render", async () => {
    const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const context = {
      basename: "/",
      location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    };
    const pageRoutes = [{ id: "root", path: "/", children: [{ id: "home", index: true }] }];
    const one = createStaticRouter(pageRoutes, context as never);
    const two = createStaticRouter(pageRoutes, context as never);
    expect(two.routes).toBe(one.routes);
    expect(one.routes[0]!.children![0]!.id).toBe("home");
    expect(createStaticRouter([{ id: "other", path: "/" }], context as never).routes[0]!.id).toBe("other");
  });
});
