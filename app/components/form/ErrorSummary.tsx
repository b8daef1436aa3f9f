import { useEffect, useRef } from "react";

/**
 * GOV.UK error summary: at the top of main, one link per field error. The container takes focus
 * (tabindex -1) once per failed submission: by `autoFocus` on a full page load, and after a
 * JavaScript submission when the action returns a new errors object. Later re-renders of the same
 * errors (ticking a checkbox that shows more fields) leave focus where the user put it. Screen
 * readers hear the summary through the inner alert, not through the focused element itself.
 */
export function ErrorSummary({ errors, fieldIds = {}, title = "There is a problem" }: { errors: Record<string, string> | null | undefined; fieldIds?: Record<string, string>; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors ?? {});
  const hasErrors = entries.length > 0;
  // `errors` comes from the action data, so its identity changes with each submission and only then.
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [errors, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} autoFocus>
      <div role="alert">
        <h2 className="error-summary__title">{title}</h2>
        <ul className="error-summary__list">
          {entries.map(([field, message]) => (
            <li key={field}>
              <a href={`#${fieldIds[field] ?? fieldId(field)}`}>{message}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The id an input gets from its name, so the summary can link to it. */
export function fieldId(name: string) {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
