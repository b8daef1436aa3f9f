import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PrintButton } from "~/components/help-centre/PrintButton";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { loadDocumentViewer } from "~/modules/help-centre/documentation-page.server";
import documentStyles from "~/modules/help-centre/content/document.css";
import styles from "~/styles/documentation.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: documentStyles },
];

export const handle = { pageTitle: (data: unknown) => (data as { title?: string } | undefined)?.title ?? "Documentation" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await loadDocumentViewer(user, params.docType, new URL(request.url)));
  });

export default function DocumentViewer() {
  const doc = useLoaderData<typeof loader>();
  return (
    <div className={doc.print ? "doc-viewer doc-viewer--print" : "doc-viewer"}>
      {doc.print ? (
        <aside className="doc-print-hint" aria-label="Print view">
          <p>
            Print view: use your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac) and choose &ldquo;Save as PDF&rdquo; to keep a copy.{" "}
            <Link to={`/documentation/view/${doc.docType}`}>Leave print view</Link>
          </p>
        </aside>
      ) : (
        <div className="doc-viewer__controls">
          <Link to="/documentation" className="doc-back">
            ← Back to Documentation
          </Link>
          <PrintButton />
        </div>
      )}
      <article className="doc-content" aria-labelledby="doc-title">
        <h1 id="doc-title">{doc.title}</h1>
        <p className="doc-meta">
          Last updated <time dateTime={doc.lastUpdated}>{doc.lastUpdatedLabel}</time>
        </p>
        {/* Rendered on the server from the repository's own Markdown, raw HTML escaped (markdown.ts). */}
        <div className="doc-body" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </article>
      {doc.print ? null : (
        <p className="doc-viewer__footer">
          <Button asChild variant="soft" color="gray">
            <Link to="/documentation">Back to Documentation</Link>
          </Button>
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Access Denied" back={{ to: "/documentation", label: "Back to Documentation" }} />;
