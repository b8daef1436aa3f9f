import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Dashboard } from "~/components/dashboard/Dashboard";
import { Landing } from "~/components/dashboard/Landing";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getCurrentUser } from "~/modules/access/current-user.server";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { dashboardAction } from "~/modules/project/dashboard-actions.server";
import { getDashboard } from "~/modules/project/dashboard.server";
import { handleAppErrors, safeRedirectPath } from "~/utils/http.server";

export const handle = {
  pageTitle: (data: { signedIn?: boolean } | undefined) => (data?.signedIn ? "Dashboard" : "Sign in"),
};

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await getCurrentUser(request);
    if (!user) {
      const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
      const loginHref = redirectTo ? `/api/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/api/login";
      return json({ signedIn: false as const, loginHref });
    }
    const selected = await getSelectedProjectAccess(request);
    return json({ signedIn: true as const, dashboard: await getDashboard(user, selected) });
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => dashboardAction(request));

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing loginHref={data.loginHref} />;
  return <Dashboard {...data.dashboard} />;
}

export const ErrorBoundary = () => <RouteErrorBoundary />;
