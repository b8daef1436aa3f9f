import { Link } from "@remix-run/react";
import { Button, Callout, Heading, Text } from "~/components/radix";

/** The current project banner shown on every record screen. */
export function ProjectBanner({ project }: { project: { name: string; clientName: string | null } }) {
  return (
    <Text as="p" className="project-banner">
      <span className="muted">Current project:</span> <strong>{project.name}</strong>
      {project.clientName ? <span className="muted"> · {project.clientName}</span> : null}
    </Text>
  );
}

/** Shown instead of a record screen when no project is selected (docs/records.md#dashboard). */
export function NoProjectSelected({ what }: { what: string }) {
  return (
    <Callout.Root asChild color="amber" size="3" className="notice-panel">
      <section aria-labelledby="no-project-title">
        <Heading as="h2" id="no-project-title" size="5">
          No Project Selected
        </Heading>
        <Callout.Text>Please select a project first from the dashboard to see and add {what}.</Callout.Text>
        <div>
          <Button asChild>
            <Link to="/">Go to Dashboard &amp; Select Project</Link>
          </Button>
        </div>
      </section>
    </Callout.Root>
  );
}
