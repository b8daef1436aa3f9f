import { useEffect, useRef } from "react";

/**
 * GOV.UK error summary: at the top of main, focused when shown, one link per field error.
 * Focus is set by autoFocus on a full page load and by the effect after a JS submission.
 */
export function ErrorSummary({ errors, fieldIds = {} }: { errors: Record<string, string> | null | undefined; fieldIds?: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors ?? {});
  useEffect(() => {
    if (entries.length) ref.current?.focus();
  });
  if (!entries.length) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${fieldIds[field] ?? fieldId(field)}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The id an input gets from its name, so the summary can link to it. */
export function fieldId(name: string) {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
