import { useLocation } from "@remix-run/react";

/** A GET form drops its action's query: a project named in the URL is sent again as a field. */
export function ProjectIdField() {
  const projectId = new URLSearchParams(useLocation().search).get("projectId");
  return projectId ? <input type="hidden" name="projectId" value={projectId} /> : null;
}
