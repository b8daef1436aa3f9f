import type { ServerBuild } from "@remix-run/node";

/**
 * Remix matches each request against every route several times (the server's match, the static
 * handler's query, the document's router and its route manifest), flattening, ranking and compiling
 * a RegExp for every route each time, and rebuilds the whole route tree for every page it renders.
 * That work grows with the number of routes, and most of them are /api resource routes no page
 * navigates to. So the server runs two Remix handlers over the same build: one that knows only the
 * /api routes and one that knows only the rest. Both keep the root (documents render inside it) and
 * the catch-all 404 route, so an unknown path answers exactly as before.
 *
 * Pages reach /api routes only by plain links, `fetch` or `reloadDocument` forms (CONTRIBUTING.md),
 * never by client-side navigation, so the pages' browser manifest does not need them.
 */
export function splitBuildByApi(build: ServerBuild): { api: ServerBuild; pages: ServerBuild } {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const shared = (id: string) => !build.routes[id].parentId || build.routes[id].path === "*";
  const isApi = (id: string) => /^api(\/|$)/.test(fullPath(id));
  const only = (keep: (id: string) => boolean): ServerBuild => {
    const ids = Object.keys(build.routes).filter((id) => shared(id) || keep(id));
    return {
      ...build,
      routes: Object.fromEntries(ids.map((id) => [id, build.routes[id]])),
      assets: { ...build.assets, routes: Object.fromEntries(ids.map((id) => [id, build.assets.routes[id]])) },
    };
  };
  return { api: only(isApi), pages: only((id) => !isApi(id)) };
}

/** Whether a request path belongs to the /api handler. */
export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
