import { useState, type FormEvent } from "react";
import { fieldId, useFormErrors } from "~/components/kit";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/utils/upload-limits";

function tooLarge(input: HTMLInputElement) {
  return [...(input.files ?? [])].some((file) => file.size > MAX_FILE_BYTES);
}

/**
 * With JavaScript, an oversized file is refused before a byte is sent (the server refuses it too, but
 * only once the browser has sent the whole body). Use as the upload form's onSubmit.
 */
export function blockOversizedFiles(event: FormEvent<HTMLFormElement>) {
  const input = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')].find(tooLarge);
  if (!input) return;
  event.preventDefault();
  input.focus();
}

/** A labelled file input with hint and inline error, wired like the shared Field components. */
export function FileField({ name = "file", label, hint, accept, formId, required }: { name?: string; label: string; hint: string; accept: string; formId?: string; required?: boolean }) {
  const form = useFormErrors(formId);
  const [chosenTooLarge, setChosenTooLarge] = useState(false);
  const id = fieldId(formId ? `${formId}-${name}` : name);
  const serverError = form?.fieldErrors[name];
  const error = chosenTooLarge || Boolean(serverError);
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {serverError && !chosenTooLarge ? (
        <p id={`${id}-error`} className="field__error">
          <span className="visually-hidden">Error: </span>
          {serverError}
        </p>
      ) : null}
      {/* Announced as soon as a file that is too large is chosen (only with JavaScript). */}
      <div role="alert">
        {chosenTooLarge ? (
          <p id={`${id}-error`} className="field__error">
            <span className="visually-hidden">Error: </span>
            {FILE_TOO_LARGE_MESSAGE}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        className="field__input field__input--file"
        onChange={(event) => setChosenTooLarge(tooLarge(event.currentTarget))}
      />
    </div>
  );
}
