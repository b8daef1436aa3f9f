import { Link } from "@remix-run/react";

/** The current project banner shown on every record screen. */
export function ProjectBanner({ project }: { project: { name: string; clientName: string | null } }) {
  return (
    <p className="project-banner">
      <span className="muted">Current project:</span> <strong>{project.name}</strong>
      {project.clientName ? <span className="muted"> · {project.clientName}</span> : null}
    </p>
  );
}

/** Shown instead of a record screen when no project is selected (spec 000 §2). */
export function NoProjectSelected({ what }: { what: string }) {
  return (
    <section className="card card--centered notice-panel" aria-labelledby="no-project-title">
      <h2 id="no-project-title">No Project Selected</h2>
      <p>Please select a project first from the dashboard to see and add {what}.</p>
      <Link className="button" to="/">
        Go to Dashboard &amp; Select Project
      </Link>
    </section>
  );
}
