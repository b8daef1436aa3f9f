import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { DeleteTemplatePanel, EditTemplatePanel, UploadTemplatePanel } from "~/components/templates/TemplateForms";
import { TemplateList } from "~/components/templates/TemplateList";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { templatesAction } from "~/modules/template/templates-actions.server";
import { loadTemplatesPage } from "~/modules/template/templates-page.server";
import styles from "~/styles/documents.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Template Documents" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ state: "no-project" as const });
    const { status, data } = await loadTemplatesPage(access, new URL(request.url));
    return json(data, { status });
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => templatesAction(request));

export default function Templates() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Template Documents">
        <Button asChild variant="outline">
          <Link to="/">Dashboard</Link>
        </Button>
      </PageHeader>
      {data.state === "no-project" ? (
        <NoProjectSelected what="template documents" />
      ) : (
        <>
          <ProjectBanner project={data.project} />
          {data.uploading ? <UploadTemplatePanel closeTo="/templates" /> : null}
          {data.editing ? <EditTemplatePanel template={data.editing} closeTo="/templates" /> : null}
          {data.deleting ? <DeleteTemplatePanel template={data.deleting} closeTo="/templates" /> : null}
          {data.canEdit && !data.uploading ? (
            <p>
              <Button asChild>
                <Link to="?upload=1" preventScrollReset>
                  Upload Template
                </Link>
              </Button>
            </p>
          ) : null}
          <TemplateList {...data} />
        </>
      )}
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Template not found" back={{ to: "/templates", label: "Back to Templates" }} />;
