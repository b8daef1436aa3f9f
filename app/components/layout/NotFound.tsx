import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <section className="card card--centered" aria-labelledby="not-found-title">
      <p className="error-code">404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has been moved.</p>
      <p>
        <Link className="button" to="/">
          Go to Dashboard
        </Link>
      </p>
    </section>
  );
}
