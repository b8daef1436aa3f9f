import { Text, TextField } from "~/components/radix";

/**
 * The search box of a list's GET search form: label, optional hint and a Radix text field. Keyed by
 * its value so a client-side navigation (Clear search) shows the new value.
 */
export function SearchField({ id, label, hint, value, name = "search" }: { id: string; label: string; hint?: string; value: string; name?: string }) {
  return (
    <div className="field">
      <Text as="label" htmlFor={id} weight="bold" className="field__label">
        {label}
      </Text>
      {hint ? (
        <Text as="p" id={`${id}-hint`} color="gray" className="field__hint">
          {hint}
        </Text>
      ) : null}
      <TextField.Root key={value} id={id} type="search" name={name} defaultValue={value} maxLength={200} size="3" aria-describedby={hint ? `${id}-hint` : undefined} className="field__control" />
    </div>
  );
}
