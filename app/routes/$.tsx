import { NotFound } from "~/components/layout/NotFound";

export const handle = { pageTitle: "404 Page Not Found" };

/**
 * Every unknown path: a real 404 status, rendered inside the normal layout. A plain Response, so
 * this route imports no server-only package (each becomes an empty chunk in the browser build).
 */
export function loader() {
  return new Response("null", { status: 404, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

export default function CatchAll() {
  return <NotFound />;
}
