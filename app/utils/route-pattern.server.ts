import type { ServerBuild } from "@remix-run/node";

/**
 * The route pattern of a request path (`/stakeholders/:id`, `/api/projects/:id/closure`), for the access
 * line and the request metrics: never the raw URL, whose query may hold a search term such as a
 * landholder's name (docs/operations.md#logs). Remix's own matcher flattens and ranks every route on
 * each call; the patterns here are compiled once and ranked the same way (static segments over dynamic
 * ones, a splat last), so a lookup is a few regular expression tests.
 */
interface CompiledRoute {
  pattern: string;
  regex: RegExp;
  score: number;
  order: number;
}

type Routes = ServerBuild["routes"];

const PARAM = /^:[\w-]+$/;

/** React Router's ranking (computeScore): more and more specific segments win; an index route wins over its layout. */
function score(path: string, index: boolean): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) if (segment !== "*") total += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  return total;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(path: string): RegExp {
  const segments = path.split("/").filter(Boolean);
  const body = segments.map((segment) => (segment === "*" ? "(?:/.*)?" : PARAM.test(segment) ? "/[^/]+" : `/${escapeRegex(segment)}`)).join("");
  return new RegExp(`^${body}/*$`, "i");
}

export function routePatternMatcher(routes: Routes): (pathname: string) => string | undefined {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const compiled: CompiledRoute[] = Object.values(routes)
    // A route with neither a path nor `index` only wraps its children; it never matches alone.
    .filter((route): route is NonNullable<typeof route> => Boolean(route && (route.path != null || route.index)))
    .map((route, order) => {
      const path = fullPath(route.id);
      return { pattern: `/${path}`, regex: compile(path), score: score(path, Boolean(route.index)), order };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => compiled.find((route) => route.regex.test(pathname))?.pattern;
}
