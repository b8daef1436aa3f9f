import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Dashboard, SELECT_PROJECT_FORM } from "~/components/dashboard/Dashboard";
import { Landing } from "~/components/dashboard/Landing";
import { validateForm } from "~/components/form/validation.server";
import { getCurrentUser, getSelectedProjectAccess, requireUser } from "~/modules/auth/guards.server";
import { getSession } from "~/modules/auth/session.server";
import { getDashboard } from "~/modules/project/dashboard.server";
import { resolveProjectAccess } from "~/modules/project/access.server";
import { selectProjectValidator } from "~/modules/project/schemas";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/utils/flash.server";
import { safeRedirectPath } from "~/utils/http.server";
import { validationError } from "remix-validated-form";

export const handle = {
  pageTitle: (data: { signedIn?: boolean } | undefined) => (data?.signedIn ? "Dashboard" : "Sign in"),
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (!user) {
    const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
    const loginHref = redirectTo ? `/api/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/api/login";
    return json({ signedIn: false as const, loginHref });
  }
  const selected = await getSelectedProjectAccess(request, "viewData");
  return json({ signedIn: true as const, dashboard: await getDashboard(user, selected) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const session = await getSession(request);

  if (formData.get("intent") === "clear-selection") {
    session.unset("selectedProjectId");
    return redirectWithFlash(request, "/", { kind: "info", title: "Project selection cleared" }, session);
  }

  const { data, response } = await validateForm(formData, selectProjectValidator, SELECT_PROJECT_FORM);
  if (response) return response;
  try {
    const { project } = await resolveProjectAccess(user, data.projectId, "viewData");
    session.set("selectedProjectId", project.id);
    return redirectWithFlash(request, "/", { kind: "success", title: "Project selected", description: project.name }, session);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return validationError({ formId: SELECT_PROJECT_FORM, fieldErrors: { projectId: "Please select a valid project first" } }, { projectId: data.projectId });
  }
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing loginHref={data.loginHref} />;
  return <Dashboard {...data.dashboard} />;
}
