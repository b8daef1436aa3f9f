import { Form, Link } from "@remix-run/react";
import { Badge, Button, Callout, Card, DataList, Flex, Heading, Text } from "~/components/radix";
import type { MigrationChoice, MigrationPreview, TargetClient } from "~/modules/billing/project-migration.server";

const SELECT_PROJECT = "field-projectId";
const SELECT_TARGET = "field-targetClientId";

export const MIGRATION_FIELD_IDS = { _form: SELECT_PROJECT, projectId: SELECT_PROJECT, targetClientId: SELECT_TARGET };

/** The GET form: choosing is only looking, so the choice lives in the URL and the preview follows. */
export function MigrationChooser({
  projects,
  targets,
  selected,
  invalid,
}: {
  projects: MigrationChoice[];
  targets: TargetClient[];
  selected: { projectId: string; targetClientId: string };
  invalid: boolean;
}) {
  return (
    <Card asChild size="3">
      <section aria-labelledby="choose-title" className="stack">
        <Heading as="h2" size="5" id="choose-title">
          Choose the project and its new client
        </Heading>
        <Form method="get" className="stack">
          <div className="field">
            <label htmlFor={SELECT_PROJECT} className="field__label">
              <Text weight="bold">Project</Text>
            </label>
            <select id={SELECT_PROJECT} name="projectId" defaultValue={selected.projectId} aria-invalid={invalid || undefined} className="native-select">
              <option value="">Select a project</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.clientName})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={SELECT_TARGET} className="field__label">
              <Text weight="bold">Target client organization</Text>
            </label>
            <Text as="p" color="gray" id={`${SELECT_TARGET}-hint`} className="field__hint">
              The project&apos;s current client is not offered. Pro or Free is the client&apos;s plan.
            </Text>
            <select
              id={SELECT_TARGET}
              name="targetClientId"
              defaultValue={selected.targetClientId}
              aria-describedby={`${SELECT_TARGET}-hint`}
              aria-invalid={invalid || undefined}
              className="native-select"
            >
              <option value="">Select a target client</option>
              {targets.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.plan})
                </option>
              ))}
            </select>
          </div>
          <div>
            <Button type="submit" name="preview" value="1">
              Preview Migration
            </Button>
          </div>
        </Form>
      </section>
    </Card>
  );
}

export function MigrationPreviewPanel({ preview, busy }: { preview: MigrationPreview; busy: boolean }) {
  const { records } = preview;
  return (
    <Card asChild size="3">
      <section aria-labelledby="preview-title" className="stack migration-preview">
        <Heading as="h2" size="5" id="preview-title">
          Migration Preview
        </Heading>
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>Project</DataList.Label>
            <DataList.Value>{preview.project.name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>From</DataList.Label>
            <DataList.Value>{preview.source.name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>To</DataList.Label>
            <DataList.Value>{preview.target.name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Records moving</DataList.Label>
            <DataList.Value>
              {records.stakeholders} stakeholders, {records.properties} properties, {records.engagements} engagements, {records.documents} documents
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        <Heading as="h3" size="4">
          Members who will lose access ({preview.membersLosingAccess.length})
        </Heading>
        {preview.membersLosingAccess.length ? (
          <ul>
            {preview.membersLosingAccess.map((m) => (
              <li key={m.userId}>
                {m.name} ({m.email})
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p">No member of {preview.source.name} belongs to this project.</Text>
        )}
        {preview.planRefusal ? (
          <Callout.Root color="red" role="note">
            <Callout.Text>
              {preview.planRefusal.replace("create more projects", "receive this project")} The migration will be refused until {preview.target.name} has room for the project.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Callout.Root color="amber" role="note">
          <Callout.Text>
            <strong>Warning:</strong> {preview.source.name} will lose access to this project and all its records. Its users&apos; memberships of the project are removed. This cannot be undone except
            by migrating the project back.
          </Callout.Text>
        </Callout.Root>
        <Form method="post" noValidate>
          <input type="hidden" name="projectId" value={preview.project.id} />
          <input type="hidden" name="targetClientId" value={preview.target.id} />
          <Flex gap="2" wrap="wrap">
            <Button type="submit" color="red" disabled={busy || undefined}>
              {busy ? "Migrating..." : "Migrate Project"}
            </Button>
            <Button asChild variant="outline" color="gray">
              <Link to="/project-migration">Cancel</Link>
            </Button>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}

export function ClientOverview({ clients }: { clients: TargetClient[] }) {
  return (
    <section aria-labelledby="client-overview-title" className="stack">
      <Heading as="h2" size="5" id="client-overview-title">
        Client Organizations
      </Heading>
      <ul className="card-grid">
        {clients.map((c) => (
          <li key={c.id}>
            <Card>
              <Flex gap="2" align="center" wrap="wrap">
                <Text weight="bold">{c.name}</Text>
                <Badge color={c.plan === "Pro" ? "indigo" : "gray"}>{c.plan}</Badge>
                {c.freeProActive ? <Badge color="green">Free Pro Active</Badge> : null}
              </Flex>
              <Text as="p" color="gray">
                {c.projectCount === 1 ? "1 project" : `${c.projectCount} projects`}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
