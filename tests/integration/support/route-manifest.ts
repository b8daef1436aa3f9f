import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes";
import remixConfig from "../../../remix.config.js";

export const APP_DIR = fileURLToPath(new URL("../../../app", import.meta.url));

/** The app's routes as the Remix compiler reads them from app/routes (route id → route). */
export const remixRoutes = () => flatRoutes(APP_DIR, (remixConfig as { ignoredRouteFiles?: string[] }).ignoredRouteFiles ?? []);

/** Route file (relative to app/routes) → full URL path, as the Remix compiler builds it (dynamic segments as :name, a splat as *). */
export function routeManifest(): Map<string, string> {
  const routes = remixRoutes();
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return new Map(Object.values(routes).map((route) => [route.file.replace(/^routes\//, ""), `/${fullPath(route.id)}`]));
}
