import { Form, Link } from "@remix-run/react";
import { ErrorSummary, fieldId } from "~/components/form/ErrorSummary";
import { SelectField } from "~/components/form/Field";
import { useFormErrors } from "~/components/form/form-state";
import type { ProjectSummary } from "~/modules/project/dashboard.server";

export interface DashboardProps {
  projects: ProjectSummary[];
  totalProjects: number;
  selected: ProjectSummary | null;
  activeClientDescription: string | null;
  counts: { stakeholders: number; properties: number } | null;
  canExportDatabase: boolean;
  canCreateProjects: boolean;
}

export const SELECT_PROJECT_FORM = "select-project";

function StatTile({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">{value}</dd>
    </div>
  );
}

function ProjectSelector({ projects, selected }: Pick<DashboardProps, "projects" | "selected">) {
  return (
    <Form method="post" noValidate className="inline-form">
      <input type="hidden" name="intent" value="select-project" />
      <SelectField
        formId={SELECT_PROJECT_FORM}
        name="projectId"
        label="Project"
        placeholder="Choose a project"
        defaultValue={selected ? String(selected.id) : ""}
        options={projects.map((p) => ({ value: String(p.id), label: `${p.name} (${p.clientName})` }))}
      />
      <button type="submit" className="button">
        Select Project
      </button>
    </Form>
  );
}

export function Dashboard(props: DashboardProps) {
  const { projects, selected, counts } = props;
  const errors = useFormErrors(SELECT_PROJECT_FORM);
  return (
    <div className="stack">
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ projectId: fieldId("projectId") }} />
      <div className="page-header">
        <h1>Landholder Liaison Records System</h1>
        <span className="badge badge--success">System Active</span>
      </div>

      {projects.length === 0 ? (
        <section className="card card--centered" aria-labelledby="no-projects">
          <h2 id="no-projects">No projects yet</h2>
          <p>Projects hold your stakeholders, properties, engagements and documents.</p>
          {props.canCreateProjects ? (
            <Link className="button" to="/projects/new">
              Create Your First Project
            </Link>
          ) : (
            <p>Ask your project manager or administrator to add you to a project.</p>
          )}
        </section>
      ) : (
        <div className="grid grid--2">
          <section className="card" aria-labelledby="active-client">
            <h2 id="active-client">Active Client</h2>
            <p>{props.activeClientDescription ?? "No description provided"}</p>
          </section>
          <section className="card" aria-labelledby="active-project">
            <h2 id="active-project">Active Project</h2>
            {selected ? (
              <p>
                <strong>{selected.name}</strong> <span className="muted">(Project ID: {selected.id})</span>
              </p>
            ) : (
              <p>
                No project selected. Select a project below, or <Link to="/projects/new">create a new project</Link>.
              </p>
            )}
            <ProjectSelector projects={projects} selected={selected} />
            {selected ? (
              <div className="button-row">
                <Link className="button button--secondary" to={`/projects/${selected.id}/phases`}>
                  Project Phases
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="clear-selection" />
                  <button type="submit" className="button button--secondary">
                    Clear Selection
                  </button>
                </Form>
                {props.canExportDatabase ? (
                  <a className="button button--secondary" href={`/api/database/export?projectId=${selected.id}`}>
                    Export Database
                  </a>
                ) : null}
              </div>
            ) : null}
          </section>
        </div>
      )}

      <section aria-labelledby="stats-title">
        <h2 id="stats-title">Overview</h2>
        <dl className="stats">
          <StatTile label="Total Projects" value={props.totalProjects} />
          <StatTile label="Stakeholders" value={counts ? counts.stakeholders : "–"} />
          <StatTile label="Properties" value={counts ? counts.properties : "–"} />
        </dl>
      </section>

      {selected ? (
        <section className="card" aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick Actions</h2>
          <ul className="button-row">
            <li>
              <Link className="button" to="/import">
                Import Data
              </Link>
            </li>
            <li>
              <Link className="button" to="/stakeholders?new=1">
                Add Stakeholder
              </Link>
            </li>
            <li>
              <Link className="button" to="/export">
                Export to Excel
              </Link>
            </li>
          </ul>
        </section>
      ) : null}
    </div>
  );
}
