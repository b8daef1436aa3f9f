import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorSummary, useFormErrors, PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { deferred } from "~/components/layout/deferred";
import { ForbiddenPanel, NotFoundPanel } from "~/components/stakeholders/PanelRefusals";
import * as panelsOnServer from "~/components/stakeholders/panels.server";
import { buttonProps, CountTiles, SearchForm, StakeholderCards, StakeholderTable, ViewToggle } from "~/components/stakeholders/StakeholderList";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { panelSearch } from "~/modules/stakeholder/urls";
import { NoProjectForEngagement } from "~/components/stakeholders/NoProjectForEngagement";
import { CONTACT_FORM, CONTACT_FORM_HEADING, ENGAGEMENT_FORM } from "~/modules/stakeholder/form-ids";
import { stakeholdersAction } from "~/modules/stakeholder/stakeholders-actions.server";
import { loadStakeholdersPage, type Panel, type StakeholdersPageData } from "~/modules/stakeholder/stakeholders-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Stakeholders" };

// The list is what a first visit shows; each panel's code comes when it is first opened (docs/architecture.md#deferred-panels).
const StakeholderDetail = deferred(panelsOnServer.StakeholderDetail, () => import("~/components/stakeholders/StakeholderDetail").then((m) => m.StakeholderDetail));
const StakeholderForm = deferred(panelsOnServer.StakeholderForm, () => import("~/components/stakeholders/StakeholderForm").then((m) => m.StakeholderForm));
const LinkPropertiesPanel = deferred(panelsOnServer.LinkPropertiesPanel, () => import("~/components/stakeholders/LinkPropertiesPanel").then((m) => m.LinkPropertiesPanel));
const EngagementForm = deferred(panelsOnServer.EngagementForm, () => import("~/components/stakeholders/EngagementPanels").then((m) => m.EngagementForm));
const EngagementList = deferred(panelsOnServer.EngagementList, () => import("~/components/stakeholders/EngagementPanels").then((m) => m.EngagementList));

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null, wantsEngagement: new URL(request.url).searchParams.has("interact") } as const);
    const { status, data } = await loadStakeholdersPage(access, new URL(request.url));
    return json(data, { status });
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => stakeholdersAction(request));

function open<T>(panel: Panel<T>, render: (data: T) => JSX.Element, notFoundTitle = "Stakeholder not found") {
  if (!panel) return null;
  if (panel.state === "not-found") return <NotFoundPanel title={notFoundTitle} />;
  if (panel.state === "forbidden") return <ForbiddenPanel />;
  return render(panel.data);
}

export default function StakeholdersPage() {
  const loaded = useLoaderData<typeof loader>();
  const formErrors = useFormErrors();
  const { search } = useLocation();
  if (!loaded.project) {
    return (
      <div className="stack">
        <PageHeader title="Stakeholders" />
        <NoProjectForEngagement requested={"wantsEngagement" in loaded && loaded.wantsEngagement} />
        <NoProjectSelected what="stakeholders" />
      </div>
    );
  }
  const data = loaded as unknown as StakeholdersPageData;
  const { panels, query } = data;
  const formHeading = formErrors?.formId === ENGAGEMENT_FORM ? "record-interaction-title" : formErrors?.formId === CONTACT_FORM ? CONTACT_FORM_HEADING : "stakeholder-form-title";
  // Edit Contact Details names its failure ("Failed to update contact details") as the summary's title.
  const summaryTitle = formErrors && "title" in formErrors && typeof formErrors.title === "string" ? formErrors.title : undefined;
  return (
    <div className="stack stakeholders-page">
      <PageHeader title="Stakeholders">
        <Link to="/" {...buttonProps("outline")}>
          Dashboard
        </Link>
        {data.canEdit ? (
          <Link to={panelSearch(search, { new: 1 })} {...buttonProps()}>
            Add Stakeholder
          </Link>
        ) : null}
      </PageHeader>
      <ProjectBanner project={data.project} />
      {/* First on the page, so it (not a panel heading) takes focus after a failed submission. */}
      <ErrorSummary errors={formErrors?.fieldErrors} fieldIds={{ [FORM_ERROR]: formHeading }} title={summaryTitle} />

      {open(panels.form, (stakeholder) => (
        <StakeholderForm stakeholder={stakeholder} />
      ))}
      {open(panels.detail, (stakeholder) => (
        <StakeholderDetail
          stakeholder={stakeholder}
          tab={data.tab}
          documents={data.documents}
          history={data.history}
          commitments={data.commitments}
          losses={data.losses}
          canEdit={data.canEdit}
          projectId={data.project.id}
          editingContact={panels.contact?.state === "open"}
        />
      ))}
      {panels.contact?.state === "forbidden" ? <ForbiddenPanel /> : null}
      {open(panels.link, (link) => (
        <LinkPropertiesPanel {...link} />
      ))}
      {open(panels.interact, (interact) => (
        <EngagementForm {...interact} />
      ))}
      {open(panels.interactions, (list) => (
        <EngagementList {...list} canEdit={data.canEdit} />
      ))}

      <CountTiles counts={data.counts} />
      <div className="toolbar stakeholders-toolbar">
        <SearchForm search={query.search} view={data.view} sort={query.sort} dir={query.dir} />
        <ViewToggle view={data.view} />
      </div>

      {data.rows.length === 0 ? (
        <EmptyState id="no-stakeholders" title="No stakeholders found">
          {query.search ? "Try adjusting your search criteria." : "No stakeholders have been added to this project yet."}
        </EmptyState>
      ) : data.view === "cards" ? (
        <StakeholderCards rows={data.rows} canEdit={data.canEdit} />
      ) : (
        <StakeholderTable rows={data.rows} sort={query.sort} dir={query.dir} canEdit={data.canEdit} />
      )}
      <Pagination page={query.page} pageSize={query.pageSize} total={data.total} label="Stakeholders" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Not Found" back={{ to: "/stakeholders", label: "Back to Stakeholders" }} />;
