import { fieldId } from "~/components/form/ErrorSummary";
import { useFormErrors } from "~/components/form/form-state";

/** A labelled file input with hint and inline error, wired like the shared Field components. */
export function FileField({ name = "file", label, hint, accept, formId, required }: { name?: string; label: string; hint: string; accept: string; formId?: string; required?: boolean }) {
  const form = useFormErrors(formId);
  const id = fieldId(formId ? `${formId}-${name}` : name);
  const error = form?.fieldErrors[name];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        className="field__input field__input--file"
      />
    </div>
  );
}
