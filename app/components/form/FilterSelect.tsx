export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list filter's native <select> with its label, for a GET filter form (works without JavaScript).
 * `all`, when given, is the first option and means "no filter" (an empty value).
 */
export function FilterSelect({ id, name, label, value, options, all }: { id: string; name: string; label: string; value: string; options: readonly FilterOption[]; all?: string }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="native-select">
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
