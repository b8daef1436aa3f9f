import { ErrorPage } from "./RouteErrorBoundary";

export function NotFound() {
  return <ErrorPage status={404} />;
}
