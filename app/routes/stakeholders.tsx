import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { ErrorSummary } from "~/components/form/ErrorSummary";
import { useFormErrors } from "~/components/form/form-state";
import { Pagination } from "~/components/records/Pagination";
import { NoProjectSelected, ProjectBanner } from "~/components/records/ProjectState";
import { InteractionForm, InteractionsList } from "~/components/stakeholders/InteractionPanels";
import { LinkPropertiesPanel } from "~/components/stakeholders/LinkPropertiesPanel";
import { ForbiddenPanel, NotFoundPanel, StakeholderDetail } from "~/components/stakeholders/StakeholderDetail";
import { StakeholderForm } from "~/components/stakeholders/StakeholderForm";
import { CountTiles, SearchForm, StakeholderCards, StakeholderTable, ViewToggle } from "~/components/stakeholders/StakeholderList";
import { panelSearch } from "~/components/stakeholders/urls";
import { getSelectedProjectAccess } from "~/modules/auth/guards.server";
import { pageGuard } from "~/modules/stakeholder/page-errors.server";
import { NO_PROJECT_FOR_INTERACTION } from "~/modules/engagement/interaction-types";
import { stakeholdersAction } from "~/modules/stakeholder/stakeholders-actions.server";
import { loadStakeholdersPage, type Panel, type StakeholdersPageData } from "~/modules/stakeholder/stakeholders-page.server";
import stakeholderStyles from "~/styles/stakeholders.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stakeholderStyles }];

export const handle = { pageTitle: "Stakeholders" };

export async function loader({ request }: LoaderFunctionArgs) {
  return pageGuard(async () => {
    const access = await getSelectedProjectAccess(request, "viewData");
    if (!access) return json({ project: null, wantsInteraction: new URL(request.url).searchParams.has("interact") } as const);
    const { status, data } = await loadStakeholdersPage(access, new URL(request.url));
    return json(data, { status });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return stakeholdersAction(request);
}

function open<T>(panel: Panel<T>, render: (data: T) => JSX.Element, notFoundTitle = "Stakeholder not found") {
  if (!panel) return null;
  if (panel.state === "not-found") return <NotFoundPanel title={notFoundTitle} />;
  if (panel.state === "forbidden") return <ForbiddenPanel />;
  return render(panel.data);
}

function NoProject({ wantsInteraction }: { wantsInteraction: boolean }) {
  const actionData = useActionData<{ fieldErrors?: Record<string, string> }>();
  const interactionRefused = wantsInteraction || actionData?.fieldErrors?._form === NO_PROJECT_FOR_INTERACTION;
  return (
    <>
      <div className="page-header">
        <h1>Stakeholders</h1>
      </div>
      {interactionRefused ? (
        <p role="alert" className="field__error">
          {NO_PROJECT_FOR_INTERACTION}
        </p>
      ) : null}
      <NoProjectSelected what="stakeholders" />
    </>
  );
}

export default function StakeholdersPage() {
  const loaded = useLoaderData<typeof loader>();
  const formErrors = useFormErrors();
  const { search } = useLocation();
  if (!loaded.project) return <NoProject wantsInteraction={"wantsInteraction" in loaded && loaded.wantsInteraction} />;
  const data = loaded as unknown as StakeholdersPageData;
  const { panels, query } = data;
  return (
    <div className="stack stakeholders-page">
      <div className="page-header">
        <h1>Stakeholders</h1>
        <div className="button-row">
          <Link to="/" className="button button--secondary">
            Dashboard
          </Link>
          {data.canEdit ? (
            <Link to={panelSearch(search, { new: 1 })} className="button">
              Add Stakeholder
            </Link>
          ) : null}
        </div>
      </div>
      <ProjectBanner project={data.project} />
      {/* First on the page, so it (not a panel heading) takes focus after a failed submission. */}
      <ErrorSummary errors={formErrors?.fieldErrors} fieldIds={{ version: "stakeholder-form-title", _form: "record-interaction-title" }} />

      {open(panels.form, (stakeholder) => <StakeholderForm stakeholder={stakeholder} />)}
      {open(panels.detail, (stakeholder) => <StakeholderDetail stakeholder={stakeholder} tab={data.tab} documents={data.documents} canEdit={data.canEdit} projectId={data.project.id} />)}
      {open(panels.link, (link) => <LinkPropertiesPanel {...link} />)}
      {open(panels.interact, (interact) => <InteractionForm {...interact} />)}
      {open(panels.interactions, (list) => <InteractionsList {...list} canEdit={data.canEdit} />)}

      <CountTiles counts={data.counts} />
      <div className="toolbar stakeholders-toolbar">
        <SearchForm search={query.search} view={data.view} sort={query.sort} dir={query.dir} />
        <ViewToggle view={data.view} />
      </div>

      {data.rows.length === 0 ? (
        <section className="card card--centered" aria-labelledby="no-stakeholders">
          <h2 id="no-stakeholders">No stakeholders found</h2>
          <p>{query.search ? "Try adjusting your search criteria." : "No stakeholders have been added to this project yet."}</p>
        </section>
      ) : data.view === "cards" ? (
        <StakeholderCards rows={data.rows} canEdit={data.canEdit} />
      ) : (
        <StakeholderTable rows={data.rows} sort={query.sort} dir={query.dir} canEdit={data.canEdit} />
      )}
      <Pagination page={query.page} pageSize={query.pageSize} total={data.total} label="Stakeholders" />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "message" in error.data ? String(error.data.message) : "Please try again. If the problem continues, contact your administrator.";
  return (
    <section className="card card--centered" aria-labelledby="stakeholders-error">
      <p className="error-code">{status}</p>
      <h1 id="stakeholders-error">{status === 404 ? "Not Found" : status === 403 ? "Access Denied" : "Something went wrong"}</h1>
      <p>{message}</p>
      <p>
        <Link className="button" to="/stakeholders">
          Back to Stakeholders
        </Link>
      </p>
    </section>
  );
}
