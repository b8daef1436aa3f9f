import { Form } from "@remix-run/react";
import { Badge, Button, Card, DataList, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, TextField, useFormErrors, Pagination } from "~/components/kit";
import type { ClientJson } from "~/modules/billing/clients.server";
import { PLAN_LABELS } from "~/modules/billing/plan-limits";
import { CREATE_CLIENT_FORM_ID } from "~/modules/billing/schemas";
import { formatDate, formatDateTime } from "~/utils/dates";

export function CreateClientForm() {
  const errors = useFormErrors(CREATE_CLIENT_FORM_ID);
  return (
    <Card asChild size="3">
      <section aria-labelledby="create-client-title" className="stack">
        <Heading as="h2" size="5" id="create-client-title">
          Create New Client Organization
        </Heading>
        <ErrorSummary errors={errors?.fieldErrors} />
        <Form method="post" noValidate className="stack">
          <input type="hidden" name="intent" value="create-client" />
          <TextField name="organizationName" label="Organization Name" formId={CREATE_CLIENT_FORM_ID} required maxLength={200} autoComplete="organization" />
          <div>
            <Button type="submit">Create Client</Button>
          </div>
        </Form>
      </section>
    </Card>
  );
}

function ClientCard({ client }: { client: ClientJson }) {
  const titleId = `client-${client.id}-name`;
  return (
    <li>
      <Card asChild size="2">
        <article aria-labelledby={titleId} className="stack">
          <Flex gap="2" align="center" wrap="wrap">
            <Heading as="h3" size="4" id={titleId}>
              {client.name}
            </Heading>
            <Badge color={client.subscriptionPlan === "free" ? "gray" : "indigo"}>{PLAN_LABELS[client.subscriptionPlan]}</Badge>
            {client.freeProActive ? <Badge color="green">Free Pro until {formatDate(client.freeProExpiresAt)}</Badge> : null}
          </Flex>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Projects</DataList.Label>
              <DataList.Value>
                {client.projectCount} of {client.effectivePlan === "free" || client.effectivePlan === "starter" ? client.maxProjects : "unlimited"}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Max users per project</DataList.Label>
              <DataList.Value>{client.maxUsersPerProject}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Max storage</DataList.Label>
              <DataList.Value>{client.maxStorageMB} MB</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          {client.upgradeRequest ? (
            <Text as="p" color="amber" weight="bold">
              Upgrade to Professional requested by {client.upgradeRequest.requestedByName} on {formatDateTime(client.upgradeRequest.requestedAt)}
            </Text>
          ) : null}
          <Flex gap="2" wrap="wrap">
            <Form method="post">
              <input type="hidden" name="intent" value="grant-free-month" />
              <input type="hidden" name="clientId" value={client.id} />
              <Button type="submit" variant="outline" aria-describedby={titleId}>
                Grant Free Month
              </Button>
            </Form>
            {client.upgradeRequest ? (
              <Form method="post">
                <input type="hidden" name="intent" value="apply-upgrade" />
                <input type="hidden" name="clientId" value={client.id} />
                <Button type="submit" aria-describedby={titleId}>
                  Apply Professional Plan
                </Button>
              </Form>
            ) : null}
          </Flex>
        </article>
      </Card>
    </li>
  );
}

export function ClientList({ clients, total, page, pageSize }: { clients: ClientJson[]; total: number; page: number; pageSize: number }) {
  const requests = clients.filter((c) => c.upgradeRequest).length;
  return (
    <section aria-labelledby="clients-title" className="stack">
      <Heading as="h2" size="5" id="clients-title">
        Client Organizations ({total})
      </Heading>
      {requests ? <Text as="p">{requests === 1 ? "1 client on this page is" : `${requests} clients on this page are`} waiting for an upgrade to Professional.</Text> : null}
      {clients.length ? (
        <ul className="card-grid">
          {clients.map((client) => (
            <ClientCard key={client.id} client={client} />
          ))}
        </ul>
      ) : (
        <Text as="p">No client organizations yet.</Text>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} label="Client organizations" />
    </section>
  );
}
