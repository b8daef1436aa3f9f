import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { routePatternMatcher } from "./route-pattern.server";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));

/** The app's real routes, as the Remix compiler reads app/routes, in the build's shape. */
function appRoutes(): ServerBuild["routes"] {
  const routes = flatRoutes(APP_DIR, ["**/.*", "**/*.test.{ts,tsx}"]);
  const all = { root: { id: "root", path: "", file: "root.tsx" }, ...routes } as Record<string, { id: string; path?: string; index?: boolean; parentId?: string }>;
  return Object.fromEntries(
    Object.values(all).map((route) => [route.id, { ...route, parentId: route.id === "root" ? undefined : (route.parentId ?? "root"), module: {} }]),
  ) as unknown as ServerBuild["routes"];
}

/** React Router's own answer: the deepest match's full path. */
function remixPattern(routes: ServerBuild["routes"], pathname: string): string | undefined {
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route!.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: route!.index ? undefined : tree(route!.id) }) as AgnosticRouteObject);
  const matches = matchRoutes(tree(undefined), pathname);
  if (!matches) return undefined;
  const paths = matches.map((match) => match.route.path).filter(Boolean);
  return `/${paths.join("/")}`;
}

const SAMPLES = [
  "/",
  "/stakeholders",
  "/stakeholders/",
  "/STAKEHOLDERS",
  "/properties",
  "/projects/12/phases",
  "/projects/12/phases/closure",
  "/projects/new",
  "/import/5",
  "/import/5/duplicates",
  "/import/5/skipped.csv",
  "/import/mapping",
  "/api/stakeholders",
  "/api/stakeholders/17",
  "/api/stakeholders/link-properties",
  "/api/stakeholders/17/properties",
  "/api/projects/all",
  "/api/projects/3/closure",
  "/api/documents/9/download",
  "/api/documentation/download-pdf/user-guide",
  "/database-management/restore-points/4",
  "/stakeholders/export.json",
  "/no/such/page",
  "/api/no-such-route",
];

describe("routePatternMatcher", () => {
  const routes = appRoutes();
  const patternOf = routePatternMatcher(routes);

  it.each(SAMPLES)("%s gets the pattern React Router matches", (pathname) => {
    expect(patternOf(pathname)).toBe(remixPattern(routes, pathname));
  });

  it("names dynamic segments, never the values in the path", () => {
    expect(patternOf("/api/stakeholders/17")).toBe("/api/stakeholders/:id");
    expect(patternOf("/projects/12/phases/closure")).toBe("/projects/:id/phases/closure");
    expect(patternOf("/no/such/page")).toBe("/*");
    expect(patternOf("/")).toBe("/");
  });
});
