import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DocumentCard } from "~/components/help-centre/DocumentCard";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { loadDocumentationCentre } from "~/modules/help-centre/documentation-page.server";
import styles from "~/styles/documentation.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const TAB_LABELS = { overview: "Documentation Overview", downloads: "Download Center" } as const;

export const handle = { pageTitle: (data: unknown) => `${TAB_LABELS[(data as { tab?: keyof typeof TAB_LABELS } | undefined)?.tab ?? "overview"]} - Documentation` };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(loadDocumentationCentre(user, new URL(request.url)));
  });

export default function DocumentationCentre() {
  const { tab, documents } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Documentation" subtitle="Guides and reference for Land Liaison Records: read them online, print them, or download them." />
      <nav aria-label="Documentation sections" className="doc-tabs">
        <ul>
          {(Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[]).map((key) => (
            <li key={key}>
              <Link to={key === "overview" ? "/documentation" : "/documentation?tab=downloads"} aria-current={tab === key ? "page" : undefined} preventScrollReset>
                {TAB_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="doc-tab-heading">
        <h2 id="doc-tab-heading" className="visually-hidden">
          {TAB_LABELS[tab]}
        </h2>
        {tab === "downloads" ? <p className="muted">Each document as a PDF, as one HTML file that opens and prints offline, and (where offered) as a Word document.</p> : null}
        <ul className="card-grid doc-grid">
          {documents.map((doc) => (
            <DocumentCard key={doc.docType} doc={doc} tab={tab} />
          ))}
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
