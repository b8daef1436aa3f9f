import { json } from "@remix-run/node";
import { NotFound } from "~/components/layout/NotFound";

export const handle = { pageTitle: "404 Page Not Found" };

/** Every unknown path: a real 404 status, rendered inside the normal layout. */
export function loader() {
  return json(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
