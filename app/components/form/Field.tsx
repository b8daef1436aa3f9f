import type { ReactNode } from "react";
import { fieldId } from "./ErrorSummary";
import { useFormErrors } from "./form-state";

interface BaseProps {
  name: string;
  label: string;
  hint?: ReactNode;
  formId?: string;
  required?: boolean;
  defaultValue?: string | null;
}

/** Label, hint, inline error (announced with a hidden "Error:" prefix) and aria wiring for one control. */
function useFieldState({ name, formId, defaultValue }: BaseProps) {
  const form = useFormErrors(formId);
  const id = fieldId(name);
  const error = form?.fieldErrors[name];
  const submitted = form?.repopulateFields?.[name];
  const value = typeof submitted === "string" ? submitted : (defaultValue ?? "");
  return { id, error, value, hintId: `${id}-hint`, errorId: `${id}-error` };
}

function describedBy(hint: boolean, error: boolean, ids: { hintId: string; errorId: string }) {
  return [hint && ids.hintId, error && ids.errorId].filter(Boolean).join(" ") || undefined;
}

function FieldShell(props: { id: string; label: string; required?: boolean; hint?: ReactNode; hintId: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <div className={`field${props.error ? " field--error" : ""}`}>
      <label htmlFor={props.id} className="field__label">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.hint ? (
        <p id={props.hintId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={props.errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {props.error}
        </p>
      ) : null}
      {props.children}
    </div>
  );
}

export function TextField(props: BaseProps & { type?: "text" | "email" | "tel" | "date" | "datetime-local" | "number"; autoComplete?: string; maxLength?: number }) {
  const state = useFieldState(props);
  return (
    <FieldShell {...props} {...state}>
      <input
        id={state.id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={state.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        aria-required={props.required || undefined}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(state.error), state)}
        className="field__input"
      />
    </FieldShell>
  );
}

export function TextAreaField(props: BaseProps & { rows?: number; maxLength?: number }) {
  const state = useFieldState(props);
  return (
    <FieldShell {...props} {...state}>
      <textarea
        id={state.id}
        name={props.name}
        rows={props.rows ?? 3}
        defaultValue={state.value}
        maxLength={props.maxLength}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(state.error), state)}
        className="field__input"
      />
    </FieldShell>
  );
}

export function SelectField(props: BaseProps & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  const state = useFieldState(props);
  return (
    <FieldShell {...props} {...state}>
      <select
        id={state.id}
        name={props.name}
        defaultValue={state.value}
        aria-required={props.required || undefined}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(state.error), state)}
        className="field__input"
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
