import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { DebugOverview, SampleNav } from "~/components/import/debug/DebugOverview";
import { ProbeForm } from "~/components/import/debug/ProbeForm";
import { ProbeResult } from "~/components/import/debug/ProbeResults";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadImportDebugPage } from "~/modules/import/import-debug-page.server";
import styles from "~/styles/import-debug.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Import Process Debug Tool" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadImportDebugPage(access, new URL(request.url)));
  });

export default function ImportDebug() {
  const data = useLoaderData<typeof loader>();
  const header = (
    <PageHeader title="Import Process Debug Tool" subtitle="What the duplicate matcher of an import makes of this project's stakeholders.">
      <Button asChild variant="outline">
        <Link to="/import">Import Data</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/imports">Import history</Link>
      </Button>
    </PageHeader>
  );
  if (!data.project) {
    return (
      <>
        {header}
        <ProjectRequired />
      </>
    );
  }
  const typed = data.mode === "typed";
  const withDuplicates = data.probes.filter((p) => p.candidates.length).length;
  return (
    <>
      {header}
      <ProjectBanner project={data.project} />
      <div className="stack">
        <DebugOverview counts={data.counts} rules={data.rules} keysRefreshed={data.keysRefreshed} />
        <ProbeForm query={data.query} typed={typed} />
        <section aria-labelledby="results-title" className="stack">
          <Heading as="h2" size="5" id="results-title">
            {typed ? "Matches for the typed stakeholder" : "Matches for a sample of the project's stakeholders"}
          </Heading>
          {typed ? null : (
            <>
              <Text as="p" color="gray">
                Each sampled stakeholder is matched against the rest of the project, as a row of an import would be.
                {data.probes.length ? ` ${withDuplicates} of ${data.probes.length} ${data.probes.length === 1 ? "has" : "have"} likely duplicates.` : null}
              </Text>
              {data.counts.stakeholders ? <SampleNav offset={data.sample.offset} size={data.sample.size} shown={data.probes.length} total={data.counts.stakeholders} /> : null}
            </>
          )}
          {data.probes.length ? (
            <ol className="probe-list">
              {data.probes.map((probe, index) => (
                <li key={probe.id ?? "typed"}>
                  <ProbeResult probe={probe} index={index} />
                </li>
              ))}
            </ol>
          ) : (
            // A plain paragraph rather than the lists' EmptyState card: importing that here would split the
            // chunk it shares with the list pages, one more request on each of them (page-weight.spec.ts).
            <Text as="p" className="muted">
              {data.counts.stakeholders
                ? "No stakeholders to sample here: the list is shorter. Go back to an earlier sample."
                : "No stakeholders to sample: this project has none yet. Check a typed stakeholder above, or import some first."}
            </Text>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/import", label: "Back to Import Data" }} />;
