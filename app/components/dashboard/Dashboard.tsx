import { Form, Link } from "@remix-run/react";
import { Badge, Button, Card, Flex, Grid, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, SelectField, useFormErrors, StatTiles } from "~/components/kit";
import type { DashboardCounts, ProjectSummary } from "~/modules/project/dashboard.server";
import type { ChartModel } from "~/modules/reports/chart-model";
import { Chart } from "~/components/reports/Chart";
import { SELECT_PROJECT_FORM } from "~/modules/project/select-project-form";

export interface DashboardProps {
  projects: ProjectSummary[];
  totalProjects: number;
  selected: ProjectSummary | null;
  activeClientDescription: string | null;
  counts: DashboardCounts | null;
  charts: ChartModel[] | null;
  /** The selected project's inbound e-mail address (docs/inbound-mail.md#the-project-address). */
  inboundAddress: string | null;
  canExportDatabase: boolean;
  canCreateProjects: boolean;
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
      <Button type="submit">Select Project</Button>
    </Form>
  );
}

export function Dashboard(props: DashboardProps) {
  const { projects, selected, counts } = props;
  const errors = useFormErrors(SELECT_PROJECT_FORM);
  return (
    <div className="stack">
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ projectId: fieldId("projectId") }} />
      <Flex className="page-header" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          Landholder Liaison Records System
        </Heading>
        <Badge color="green" size="2">
          System Active
        </Badge>
      </Flex>

      {projects.length === 0 ? (
        <Card asChild size="3" className="card--centered">
          <section aria-labelledby="no-projects">
            <Heading as="h2" id="no-projects" size="5">
              No projects yet
            </Heading>
            <Text as="p">Projects hold your stakeholders, properties, engagements and documents.</Text>
            {props.canCreateProjects ? (
              <Button asChild>
                <Link to="/projects/new">Create Your First Project</Link>
              </Button>
            ) : (
              <Text as="p">Ask your project manager or administrator to add you to a project.</Text>
            )}
          </section>
        </Card>
      ) : (
        <Grid className="grid--2" gap="4">
          <Card asChild size="3">
            <section aria-labelledby="active-client">
              <Heading as="h2" id="active-client" size="5">
                Active Client
              </Heading>
              <Text as="p">{props.activeClientDescription ?? "No description provided"}</Text>
            </section>
          </Card>
          <Card asChild size="3">
            <section aria-labelledby="active-project">
              <Heading as="h2" id="active-project" size="5">
                Active Project
              </Heading>
              {selected ? (
                <>
                  <p>
                    <strong>{selected.name}</strong> <span className="muted">(Project ID: {selected.id})</span>
                  </p>
                  {props.inboundAddress ? (
                    <p className="muted">
                      E-mail to the project: <code className="copyable">{props.inboundAddress}</code>
                    </p>
                  ) : null}
                </>
              ) : (
                <p>
                  No project selected. Select a project below, or <Link to="/projects/new">create a new project</Link>.
                </p>
              )}
              <ProjectSelector projects={projects} selected={selected} />
              {selected ? (
                <Flex className="button-row" gap="2" wrap="wrap">
                  <Button asChild variant="outline">
                    <Link to={`/projects/${selected.id}/phases`}>Project Phases</Link>
                  </Button>
                  <Form method="post">
                    <input type="hidden" name="intent" value="clear-selection" />
                    <Button type="submit" variant="outline">
                      Clear Selection
                    </Button>
                  </Form>
                  {props.canExportDatabase ? (
                    <Button asChild variant="outline">
                      <a href={`/api/database/export?projectId=${selected.id}`}>Export Database</a>
                    </Button>
                  ) : null}
                </Flex>
              ) : null}
            </section>
          </Card>
        </Grid>
      )}

      <section aria-labelledby="stats-title">
        <Heading as="h2" id="stats-title" size="5">
          Overview
        </Heading>
        <StatTiles
          tiles={[
            { label: "Total Projects", value: props.totalProjects },
            { label: "Stakeholders", value: counts ? counts.stakeholders : "–" },
            { label: "Properties", value: counts ? counts.properties : "–" },
            {
              label: "Open Commitments",
              value: counts ? <a href="/commitments">{counts.commitmentsOpen}</a> : "–",
              note: counts ? (
                <>
                  <a href="/commitments?due=overdue">
                    <span data-testid="commitments-overdue">{counts.commitmentsOverdue}</span> overdue
                  </a>
                  {" · "}
                  <a href="/commitments?due=soon">
                    <span data-testid="commitments-due-soon">{counts.commitmentsDueSoon}</span> due soon
                  </a>
                </>
              ) : undefined,
            },
            {
              label: "Open Grievances",
              value: counts ? <a href="/grievances?stage=open">{counts.grievancesOpen}</a> : "–",
              note: counts ? (
                <a href="/grievances?stage=open&overdue=yes">
                  <span data-testid="grievances-overdue">{counts.grievancesOverdue}</span> overdue
                </a>
              ) : undefined,
            },
          ]}
        />
      </section>

      {props.charts ? (
        <section aria-labelledby="charts-title">
          <Heading as="h2" id="charts-title" size="5">
            At a glance
          </Heading>
          <div className="small-charts">
            {props.charts.map((chart) => (
              <Chart key={chart.id} chart={chart} />
            ))}
          </div>
          <p>
            <Button asChild variant="outline">
              <Link to="/reports">See all reports</Link>
            </Button>
          </p>
        </section>
      ) : null}

      {selected ? (
        <Card asChild size="3">
          <section aria-labelledby="quick-actions">
            <Heading as="h2" id="quick-actions" size="5">
              Quick Actions
            </Heading>
            <ul className="button-row">
              {[
                ["/import", "Import Data"],
                ["/stakeholders?new=1", "Add Stakeholder"],
                ["/export", "Export to Excel"],
              ].map(([to, label]) => (
                <li key={to}>
                  <Button asChild>
                    <Link to={to}>{label}</Link>
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        </Card>
      ) : null}
    </div>
  );
}
