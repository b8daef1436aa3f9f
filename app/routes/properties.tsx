import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { rethrowAsHttp } from "~/utils/http.server";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { DuplicateReview } from "~/components/properties/DuplicateReview";
import { LinkStakeholdersForm } from "~/components/properties/LinkStakeholdersForm";
import { PropertyCards } from "~/components/properties/PropertyCards";
import { PropertyDetails } from "~/components/properties/PropertyDetails";
import { loadRecordDocuments } from "~/modules/document/document.server";
import { FORM_LEVEL_ERROR, PROPERTY_FORM, PropertyForm } from "~/components/properties/PropertyForm";
import { PropertyStats } from "~/components/properties/PropertyStats";
import { PropertyTable } from "~/components/properties/PropertyTable";
import { PropertyToolbar } from "~/components/properties/PropertyToolbar";
import { Pagination } from "~/components/records/Pagination";
import { NoProjectSelected, ProjectBanner } from "~/components/records/ProjectState";
import { validateForm } from "~/components/form/validation.server";
import { getSelectedProjectAccess } from "~/modules/auth/guards.server";
import { linkedStakeholderIds, setPropertyStakeholders } from "~/modules/links/links.server";
import { hasPermission } from "~/modules/permissions/permissions";
import type { DuplicateCandidate } from "~/modules/property/duplicate-matching";
import { linkedMessage, parsePropertyId, propertyFormStrings } from "~/modules/property/form-values";
import { parseLaaFilter } from "~/modules/property/laa-status";
import { propertyDetails } from "~/modules/property/property-json";
import { createProperty, getProperty, listProperties, listPropertyStakeholders, PROPERTY_SORT_KEYS, propertyStats, StalePropertyError, stakeholderChoices, updateProperty } from "~/modules/property/property.server";
import { LinkStakeholdersSchema, propertyFormValidator } from "~/modules/property/schemas";
import propertiesStyles from "~/styles/properties.css";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/utils/flash.server";
import { parseListQuery, withParams } from "~/utils/list-query";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: propertiesStyles }];

export const handle = { pageTitle: "Properties" };

const PANEL_PARAMS = ["highlight", "tab", "new", "edit", "link"] as const;
const EMPTY_FORM = { address: "", volume: "", folio: "", area: "", zoning: "", notes: "", nextAction: "", nextActionDueDate: "", hasLAA: "", laaExpiryDate: "", laaDetails: "", version: "" };

/** AppErrors become HTTP responses so the route's ErrorBoundary shows them (404 for another client's ids). */
/** The list URL without any panel open, keeping search, filters, sort and page. */
function listSearch(params: URLSearchParams) {
  return withParams(params, Object.fromEntries(PANEL_PARAMS.map((p) => [p, null])));
}

function returnPath(value: FormDataEntryValue | null, extra: Record<string, string | number | null> = {}) {
  const search = typeof value === "string" && value.startsWith("?") ? value : "?";
  return `/properties${withParams(search, { ...Object.fromEntries(PANEL_PARAMS.map((p) => [p, null])), ...extra })}`.replace(/\?$/, "");
}

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const access = await getSelectedProjectAccess(request, "viewData");
    if (!access) return json({ project: null } as const);
    const params = new URL(request.url).searchParams;
    const canEdit = hasPermission(access.role, "editData");
    const query = parseListQuery(params, { sortKeys: PROPERTY_SORT_KEYS, defaultSort: "address" });
    const laa = parseLaaFilter(params.get("laa"));
    const view: "cards" | "table" = params.get("view") === "cards" ? "cards" : "table";
    const { rows, total } = await listProperties(access, { search: query.search, laa, sort: query.sort, dir: query.dir, limit: query.pageSize, offset: query.offset });
    const stats = await propertyStats(access);

    const tab = params.get("tab") === "documents" ? ("documents" as const) : ("details" as const);
    let details = null;
    let documents = null;
    if (params.get("highlight")) {
      const id = parsePropertyId(params.get("highlight"));
      const property = await getProperty(access, id);
      const linked = (await listPropertyStakeholders(access, id)).map((s) => ({ id: s.id, name: s.name }));
      details = propertyDetails(property, linked);
      if (tab === "documents") documents = await loadRecordDocuments(access, { propertyId: property.id });
    }
    let form: { mode: "add" | "edit"; values: Record<string, string> } | null = null;
    let linkPanel = null;
    if (canEdit && params.get("edit")) {
      const property = await getProperty(access, parsePropertyId(params.get("edit")));
      form = { mode: "edit", values: { ...propertyFormStrings(property), id: String(property.id) } };
    } else if (canEdit && params.get("new") === "1") {
      form = { mode: "add", values: EMPTY_FORM };
    }
    if (canEdit && params.get("link")) {
      const property = await getProperty(access, parsePropertyId(params.get("link")));
      linkPanel = {
        property: { id: property.id, address: property.address },
        stakeholders: await stakeholderChoices(access),
        linkedIds: await linkedStakeholderIds(access, property.id),
      };
    }
    return json({
      project: { id: access.project.id, name: access.project.name, clientName: (access.project.client as { name?: string }).name ?? null },
      canEdit,
      list: { rows, total, page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort, dir: query.dir, laa, view },
      stats,
      details,
      tab,
      documents,
      form,
      linkPanel,
    });
  } catch (error) {
    rethrowAsHttp(error);
  }
}

type DuplicateData = { duplicates: DuplicateCandidate[]; submitted: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  try {
    const access = await getSelectedProjectAccess(request, "viewData");
    if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
    if (!hasPermission(access.role, "editData")) throw new AppError(403, "You do not have permission to change properties");
    const formData = await request.formData();
    const intent = formData.get("intent");
    const returnTo = formData.get("returnTo");

    if (intent === "link") {
      const parsed = LinkStakeholdersSchema.safeParse({ propertyId: formData.get("propertyId"), stakeholderIds: formData.getAll("stakeholderIds") });
      if (!parsed.success) throw new AppError(400, "Failed to link stakeholders. Please try again.");
      try {
        const { count } = await setPropertyStakeholders(access, parsed.data.propertyId, parsed.data.stakeholderIds);
        return redirectWithFlash(request, returnPath(returnTo), { kind: "success", title: "Success!", description: linkedMessage(count) });
      } catch (error) {
        if (error instanceof AppError) throw error;
        console.error(error);
        return redirectWithFlash(request, returnPath(returnTo, { link: parsed.data.propertyId }), { kind: "error", title: "Error", description: "Failed to link stakeholders. Please try again." });
      }
    }

    if (intent !== "create" && intent !== "update") throw new AppError(400, "Unknown action");
    const { data, response } = await validateForm(formData, propertyFormValidator, PROPERTY_FORM);
    if (response) return response;
    const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

    if (intent === "create") {
      try {
        const result = await createProperty(access, data, { force: data.force });
        if (result.duplicates) return json({ duplicates: result.duplicates, submitted } satisfies DuplicateData, { status: 409 });
        const description = data.force ? "Property created successfully (ignored duplicates)." : "Property added successfully to your project.";
        return redirectWithFlash(request, returnPath(returnTo, { highlight: result.property.id }), { kind: "success", title: "Success!", description });
      } catch (error) {
        if (error instanceof AppError) throw error;
        console.error(error);
        const message = data.force ? "Failed to create property. Please try again." : "Failed to add property. Please try again.";
        return json({ formId: PROPERTY_FORM, fieldErrors: { [FORM_LEVEL_ERROR]: message }, repopulateFields: submitted }, { status: 500 });
      }
    }

    const id = parsePropertyId(formData.get("id"));
    try {
      await updateProperty(access, id, data, data.version);
      return redirectWithFlash(request, returnPath(returnTo, { highlight: id }), { kind: "success", title: "Success!", description: "Property updated successfully." });
    } catch (error) {
      if (error instanceof StalePropertyError) {
        return json({ formId: PROPERTY_FORM, fieldErrors: { [FORM_LEVEL_ERROR]: error.message }, repopulateFields: propertyFormStrings(error.current) }, { status: 409 });
      }
      if (error instanceof AppError) throw error;
      console.error(error);
      return json({ formId: PROPERTY_FORM, fieldErrors: { [FORM_LEVEL_ERROR]: "Failed to update property. Please try again." }, repopulateFields: submitted }, { status: 500 });
    }
  } catch (error) {
    rethrowAsHttp(error);
  }
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <section className="card empty-state" aria-labelledby="no-properties-title">
      <h2 id="no-properties-title">No properties found</h2>
      <p>{filtered ? "Try adjusting your search criteria" : "No properties have been imported yet"}</p>
    </section>
  );
}

function PageHeader({ projectName, canAdd, addTo }: { projectName: string | null; canAdd: boolean; addTo: string }) {
  return (
    <div className="page-header">
      <div>
        <h1>Properties</h1>
        <p className="muted">{projectName ?? "No project selected"}</p>
      </div>
      <p className="button-row">
        <Link to="/" className="button button--secondary">
          Dashboard
        </Link>
        {canAdd ? (
          <Link to={addTo} className="button" preventScrollReset>
            Add Property
          </Link>
        ) : null}
      </p>
    </div>
  );
}

export default function PropertiesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DuplicateData | undefined | Record<string, unknown>;
  const location = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader projectName={null} canAdd={false} addTo="/properties" />
        <NoProjectSelected what="properties" />
      </div>
    );
  }
  const { list, stats, canEdit } = data;
  const params = new URLSearchParams(location.search);
  const closeTo = listSearch(params);
  const duplicates = actionData && "duplicates" in actionData ? (actionData as DuplicateData) : null;
  const filtered = Boolean(list.search) || list.laa !== "all";
  return (
    <div className="stack">
      <PageHeader projectName={data.project.name} canAdd={canEdit} addTo={withParams(closeTo, { new: 1 })} />
      <ProjectBanner project={data.project} />
      {duplicates && canEdit ? (
        <DuplicateReview duplicates={duplicates.duplicates} submitted={duplicates.submitted} closeTo={closeTo} returnTo={closeTo} />
      ) : data.form ? (
        <PropertyForm key={`${data.form.mode}-${data.form.values.id ?? "new"}`} mode={data.form.mode} values={data.form.values} closeTo={closeTo} returnTo={closeTo} />
      ) : null}
      {data.linkPanel ? <LinkStakeholdersForm {...data.linkPanel} closeTo={closeTo} returnTo={closeTo} /> : null}
      {data.details && !data.form && !data.linkPanel && !duplicates ? <PropertyDetails property={data.details} tab={data.tab} canEdit={canEdit} documents={data.documents} projectId={data.project.id} /> : null}
      <PropertyStats stats={stats} />
      <PropertyToolbar search={list.search} view={list.view} laa={list.laa} sort={list.sort} dir={list.dir} />
      {list.rows.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : list.view === "cards" ? (
        <PropertyCards rows={list.rows} canEdit={canEdit} />
      ) : (
        <PropertyTable rows={list.rows} sort={list.sort} dir={list.dir} canEdit={canEdit} />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label="Properties" />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "message" in error.data ? String(error.data.message) : "Something went wrong. Please try again.";
  const heading = status === 404 ? "Property not found" : status === 403 ? "Access Denied" : "Something went wrong";
  return (
    <section className="card card--centered" aria-labelledby="properties-error-title">
      <p className="error-code">{status}</p>
      <h1 id="properties-error-title">{heading}</h1>
      <p>{message}</p>
      <p className="button-row">
        <Link className="button" to="/properties">
          Back to Properties
        </Link>
        <Link className="button button--secondary" to="/">
          Go to Dashboard
        </Link>
      </p>
    </section>
  );
}
