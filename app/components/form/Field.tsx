import type { ReactNode } from "react";
import { Text, TextArea, TextField as RadixTextField } from "~/components/radix";
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
      <Text as="label" htmlFor={props.id} weight="bold" className="field__label">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      {props.hint ? (
        <Text as="p" id={props.hintId} color="gray" className="field__hint">
          {props.hint}
        </Text>
      ) : null}
      {props.error ? (
        <Text as="p" id={props.errorId} color="red" weight="bold" className="field__error">
          <span className="visually-hidden">Error: </span>
          {props.error}
        </Text>
      ) : null}
      {props.children}
    </div>
  );
}

export function TextField(props: BaseProps & { type?: "text" | "email" | "tel" | "date" | "datetime-local" | "number"; autoComplete?: string; maxLength?: number }) {
  const state = useFieldState(props);
  return (
    <FieldShell {...props} {...state}>
      <RadixTextField.Root
        id={state.id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={state.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        // Radix turns spell checking off; names, addresses and notes keep the browser default.
        spellCheck={undefined}
        size="3"
        color={state.error ? "red" : undefined}
        aria-required={props.required || undefined}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(state.error), state)}
        className="field__control"
      />
    </FieldShell>
  );
}

export function TextAreaField(props: BaseProps & { rows?: number; maxLength?: number }) {
  const state = useFieldState(props);
  return (
    <FieldShell {...props} {...state}>
      <TextArea
        id={state.id}
        name={props.name}
        rows={props.rows ?? 3}
        defaultValue={state.value}
        maxLength={props.maxLength}
        size="3"
        color={state.error ? "red" : undefined}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(state.error), state)}
        className="field__control"
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
        className="native-select"
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

/**
 * A yes/no box that always posts: a hidden "false" and, when ticked, "true" after it (the schema reads
 * the last value), so an unticked box is "no" rather than "not sent".
 */
export function CheckboxField(props: Omit<BaseProps, "defaultValue"> & { defaultChecked: boolean }) {
  const form = useFormErrors(props.formId);
  const id = fieldId(props.name);
  const error = form?.fieldErrors[props.name];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`field field--checkbox${error ? " field--error" : ""}`}>
      {error ? (
        <Text as="p" id={errorId} color="red" weight="bold" className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </Text>
      ) : null}
      <input type="hidden" name={props.name} value="false" />
      <input
        type="checkbox"
        id={id}
        name={props.name}
        value="true"
        defaultChecked={props.defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(props.hint), Boolean(error), { hintId, errorId })}
        className="field__checkbox"
      />{" "}
      <Text as="label" htmlFor={id} weight="bold">
        {props.label}
      </Text>
      {props.hint ? (
        <Text as="p" id={hintId} color="gray" className="field__hint">
          {props.hint}
        </Text>
      ) : null}
    </div>
  );
}
