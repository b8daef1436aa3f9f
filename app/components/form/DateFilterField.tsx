import { Text, TextField as RadixTextField } from "~/components/radix";
import { fieldId } from "./ErrorSummary";

/**
 * A date box of a GET form (a report's range, a figures period). The kit's Field reads a POST's action
 * data; a GET form's errors come from its loader, so they are handed in here.
 */
export function DateFilterField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const id = fieldId(name);
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <Text as="label" htmlFor={id} weight="bold" className="field__label">
        {label}
      </Text>
      {error ? (
        <Text as="p" id={`${id}-error`} color="red" weight="bold" className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </Text>
      ) : null}
      <RadixTextField.Root
        id={id}
        name={name}
        type="date"
        defaultValue={value}
        size="3"
        color={error ? "red" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field__control"
      />
    </div>
  );
}
