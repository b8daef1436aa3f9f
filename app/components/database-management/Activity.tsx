import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Heading, Text, TextField } from "~/components/radix";
import { HistoryTable, EmptyState, Pagination } from "~/components/kit";
import type { ActivityFilter, ActivityRow } from "~/modules/audit/history.server";
import { ProjectIdField } from "./ProjectIdField";

const TYPE_LABELS: Record<string, string> = {
  Stakeholder: "Stakeholders",
  Property: "Properties",
  Engagement: "Engagements",
  Grievance: "Grievances",
  Commitment: "Commitments",
  Document: "Documents",
  Template: "Templates",
  Project: "Project",
  ImportRecord: "Imports",
};

export interface ActivityData {
  rows: ActivityRow[];
  total: number;
  filter: ActivityFilter;
  page: number;
  pageSize: number;
  users: { id: string; name: string }[];
  recordTypes: readonly string[];
}

/** The Activity view: a GET filter form (user, record type, date range) and one page of the audit log. */
export function ActivityView({ activity }: { activity: ActivityData }) {
  const { filter } = activity;
  const { search } = useLocation();
  const projectId = new URLSearchParams(search).get("projectId");
  const clear = `/database-management?${new URLSearchParams({ ...(projectId ? { projectId } : {}), view: "activity" })}`;
  const key = JSON.stringify(filter);
  return (
    <section aria-labelledby="activity-title" className="stack">
      <Heading as="h2" size="5" id="activity-title">
        Activity ({activity.total.toLocaleString("en-AU")})
      </Heading>
      <Form method="get" action="/database-management" key={key}>
        <input type="hidden" name="view" value="activity" />
        <ProjectIdField />
        <Flex gap="3" wrap="wrap" align="end">
          <div className="field">
            <Text as="label" htmlFor="field-activity-user" weight="bold" className="field__label">
              User
            </Text>
            <select id="field-activity-user" name="user" defaultValue={filter.userId ?? ""} className="native-select">
              <option value="">Everyone</option>
              {activity.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <Text as="label" htmlFor="field-activity-type" weight="bold" className="field__label">
              Record type
            </Text>
            <select id="field-activity-type" name="type" defaultValue={filter.recordType ?? ""} className="native-select">
              <option value="">All records</option>
              {activity.recordTypes.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t] ?? t}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <Text as="label" htmlFor="field-activity-from" weight="bold" className="field__label">
              From
            </Text>
            <TextField.Root id="field-activity-from" type="date" name="from" defaultValue={filter.from ?? ""} />
          </div>
          <div className="field">
            <Text as="label" htmlFor="field-activity-to" weight="bold" className="field__label">
              To
            </Text>
            <TextField.Root id="field-activity-to" type="date" name="to" defaultValue={filter.to ?? ""} />
          </div>
          <Button type="submit">Filter</Button>
          <Button asChild variant="outline" color="gray">
            <Link to={clear}>Clear filters</Link>
          </Button>
        </Flex>
      </Form>
      {activity.rows.length ? <HistoryTable rows={activity.rows} labelledBy="activity-title" showRecord /> : <EmptyState id="no-activity">No activity matches these filters.</EmptyState>}
      <Pagination page={activity.page} pageSize={activity.pageSize} total={activity.total} label="Activity" />
    </section>
  );
}
