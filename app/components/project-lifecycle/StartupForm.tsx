import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Callout, Flex, Text } from "~/components/radix";
import { ErrorSummary, fieldId, CheckboxField, SelectField, TextAreaField, TextField, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { SUBSCRIPTION_URL } from "~/modules/billing/plan-limits";
import { MAX_TEAM_MEMBERS, STARTUP_FIELD_BY_KEY, type StartupField } from "~/modules/project-lifecycle/startup-fields";
import { blankTeamRow, STARTUP_FORM_ID, teamFieldName, type StartupValues, type TeamRow } from "~/modules/project-lifecycle/startup-form";
import type { ExtractedField } from "~/modules/project-lifecycle/startup-text";
import { applyRowEdit, parseRowEdit, rowEditIntent, type RowControl, type RowFocus } from "~/utils/row-list";

/** The form's sections, in the order of the paper form (docs/lifecycle.md#start-up-form). */
const SECTIONS: { title: string; keys: string[] }[] = [
  { title: "Project", keys: ["projectTitle", "projectNumber"] },
  { title: "Client", keys: ["clientName", "clientABN", "clientProjectManager", "clientPhone"] },
  { title: "Delivery", keys: ["cncProjectManager", "leadBusinessUnit", "projectStartDate", "estimatedEndDate", "sector", "region", "state"] },
];
const TERMS = ["termsOfAgreement", "termsOfEngagement", "additionalComments"];
const SETTINGS = ["settings.allowPublicView", "settings.requireApproval", "settings.defaultTimezone"];

const HINTS: Record<string, string> = {
  clientABN: "11 digits, for example 51 824 753 556.",
  estimatedEndDate: "On or after the start date.",
  "settings.allowPublicView": "Anyone with the link may see the project's public summary.",
  "settings.requireApproval": "Changes by officers wait for a manager's approval.",
  "settings.defaultTimezone": 'Dates and "today" in this project follow this time zone.',
};

function FieldInput({ field, value }: { field: StartupField; value: string }) {
  const common = { name: field.key, label: field.label, formId: STARTUP_FORM_ID, required: Boolean(field.required), hint: HINTS[field.key] };
  switch (field.type) {
    case "textarea":
      return <TextAreaField {...common} defaultValue={value} rows={4} maxLength={field.maxLength} />;
    case "select":
      return <SelectField {...common} defaultValue={value} options={field.choices ?? []} placeholder={"defaultValue" in field ? undefined : "Choose…"} />;
    case "checkbox":
      return <CheckboxField {...common} defaultChecked={value === "true"} />;
    case "date":
      return <TextField {...common} type="date" defaultValue={value} />;
    case "phone":
      return <TextField {...common} type="tel" autoComplete="off" defaultValue={value} maxLength={field.maxLength} />;
    default:
      return <TextField {...common} defaultValue={value} maxLength={field.maxLength} autoComplete="off" />;
  }
}

const fields = (keys: string[]) => keys.map((key) => STARTUP_FIELD_BY_KEY.get(key)!);
const controlId = (rowId: string, control: RowControl) => `team-row-${rowId.replace(/[^A-Za-z0-9_-]/g, "-")}-${control}`;

/**
 * Part 1 of the Project Start Up, Planning and Closure Form. Fields are plain inputs with their
 * values as defaults (an auto-fill remounts them through `fillKey`); team members are rows whose
 * "Add team member" and "Remove" buttons post back without JavaScript and act in place with it.
 */
export function StartupForm({
  action,
  values,
  team: initialTeam,
  fillKey,
  errors,
  planLimit,
  clients,
  clientId,
  extractedFields,
  announcement: initialAnnouncement,
  serverFocus,
  hydrated,
}: {
  action: string;
  values: StartupValues;
  team: TeamRow[];
  fillKey: number;
  errors: Record<string, string>;
  planLimit: boolean;
  clients: { id: number; name: string }[] | null;
  clientId: string;
  extractedFields: ExtractedField[] | null;
  announcement: string;
  serverFocus: RowFocus | null;
  hydrated: boolean;
}) {
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [team, setTeam] = useState(initialTeam);
  const [announcement, setAnnouncement] = useState(initialAnnouncement);
  const [focus, setFocus] = useState<RowFocus | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setTeam(initialTeam), [initialTeam]);
  useEffect(() => setAnnouncement(initialAnnouncement), [initialAnnouncement]);
  useEffect(() => {
    if (!focus) return;
    const target = focus.rowId ? formRef.current?.querySelector<HTMLElement>(`[data-focus-id="${controlId(focus.rowId, focus.control)}"]`) : null;
    (target ?? document.getElementById("add-team-member"))?.focus();
    setFocus(null);
  }, [focus]);

  const editInPlace = (event: MouseEvent<HTMLButtonElement>) => {
    const edit = parseRowEdit(event.currentTarget.value);
    if (!hydrated || !edit) return;
    event.preventDefault();
    const result = applyRowEdit(team, edit, blankTeamRow, MAX_TEAM_MEMBERS);
    setTeam(result.rows);
    setFocus(result.focus);
    setAnnouncement(edit.kind === "add" ? `Team member ${result.position} added.` : `${result.row?.name.trim() || "Team member"} removed.`);
  };
  const updateRow = (id: string, change: Partial<TeamRow>) => setTeam((rows) => rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const autoFocusOn = (rowId: string | null, control: RowControl) => Boolean(!hydrated && serverFocus && serverFocus.rowId === rowId && serverFocus.control === control);

  return (
    <Form ref={formRef} method="post" action={action} noValidate className="stack startup-form">
      <ErrorSummary errors={errors} fieldIds={{ _form: fieldId("projectTitle"), clientId: fieldId("clientId") }} />
      {planLimit ? (
        <Callout.Root color="amber">
          <Callout.Text>
            <Link to={SUBSCRIPTION_URL}>See plans and upgrade on the Subscription page</Link>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {/* Enter in a text box submits the first button: make that Create, never a row's Remove. */}
      <button type="submit" name="intent" value="create" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Create Project
      </button>
      {extractedFields ? <input type="hidden" name="extractedFields" value={JSON.stringify(extractedFields)} /> : null}
      <Text as="p" color="gray">
        Fields marked * are required.
      </Text>

      <div key={fillKey} className="stack">
        {clients ? (
          <fieldset className="form-section">
            <legend>Client organisation</legend>
            <SelectField
              name="clientId"
              label="Client organisation"
              formId={STARTUP_FORM_ID}
              required
              defaultValue={clientId}
              options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
              placeholder="Choose…"
            />
          </fieldset>
        ) : null}
        {SECTIONS.map((section) => (
          <fieldset key={section.title} className="form-section">
            <legend>{section.title}</legend>
            <div className="form-grid">
              {fields(section.keys).map((field) => (
                <FieldInput key={field.key} field={field} value={values[field.key] ?? ""} />
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      <fieldset className="form-section">
        <legend>Team members</legend>
        <Text as="p" color="gray" size="2">
          Rows without a name are left out.
        </Text>
        {team.length ? (
          <DataTable label="Team members" className="team-table">
            <TableHeader>
              <TableRow>
                <TableColumnHeaderCell>Name</TableColumnHeaderCell>
                <TableColumnHeaderCell>Rate</TableColumnHeaderCell>
                <TableColumnHeaderCell>Qualifications</TableColumnHeaderCell>
                <TableColumnHeaderCell>
                  <span className="visually-hidden">Remove</span>
                </TableColumnHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.map((row, index) => {
                const who = row.name.trim() ? `team member ${index + 1}, ${row.name.trim()}` : `team member ${index + 1}`;
                return (
                  <TableRow key={row.id}>
                    {(["name", "rate", "qualifications"] as const).map((part) => {
                      const name = teamFieldName(index, part);
                      const error = errors[name];
                      return (
                        <TableCell key={part} className={error ? "field--error" : undefined}>
                          {part === "name" ? <input type="hidden" name={teamFieldName(index, "id")} value={row.id} /> : null}
                          <label htmlFor={fieldId(name)} className="visually-hidden">
                            {part === "name" ? "Name" : part === "rate" ? "Rate" : "Qualifications"} of team member {index + 1}
                          </label>
                          {error ? (
                            <p id={`${fieldId(name)}-error`} className="field__error">
                              <span className="visually-hidden">Error: </span>
                              {error}
                            </p>
                          ) : null}
                          <input
                            type="text"
                            id={fieldId(name)}
                            name={name}
                            value={row[part]}
                            onChange={(event) => updateRow(row.id, { [part]: event.currentTarget.value })}
                            maxLength={part === "qualifications" ? 500 : part === "rate" ? 50 : 200}
                            autoComplete="off"
                            autoFocus={part === "name" && autoFocusOn(row.id, "first")}
                            data-focus-id={part === "name" ? controlId(row.id, "first") : undefined}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${fieldId(name)}-error` : undefined}
                            className="text-input"
                          />
                        </TableCell>
                      );
                    })}
                    <TableCell>
                      <Button
                        type="submit"
                        name="intent"
                        value={rowEditIntent({ kind: "remove", id: row.id })}
                        size="1"
                        variant="soft"
                        color="red"
                        onClick={editInPlace}
                        autoFocus={autoFocusOn(row.id, "remove")}
                        data-focus-id={controlId(row.id, "remove")}
                      >
                        Remove<span className="visually-hidden"> {who}</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </DataTable>
        ) : null}
        <Flex gap="3" align="center" wrap="wrap">
          <Button
            type="submit"
            name="intent"
            value={rowEditIntent({ kind: "add" })}
            id="add-team-member"
            variant="soft"
            onClick={editInPlace}
            autoFocus={autoFocusOn(null, "add")}
            disabled={team.length >= MAX_TEAM_MEMBERS || undefined}
          >
            Add team member
          </Button>
          <Text as="p" role="status" className="team-status">
            {announcement}
          </Text>
        </Flex>
      </fieldset>

      <div key={`terms-${fillKey}`} className="stack">
        <fieldset className="form-section">
          <legend>Terms</legend>
          <div className="form-grid">
            {fields(TERMS).map((field) => (
              <FieldInput key={field.key} field={field} value={values[field.key] ?? ""} />
            ))}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>Settings</legend>
          {fields(SETTINGS).map((field) => (
            <FieldInput key={field.key} field={field} value={values[field.key] ?? ""} />
          ))}
        </fieldset>
      </div>

      <Flex gap="2" wrap="wrap">
        <Button type="submit" name="intent" value="create" size="3" disabled={creating || undefined}>
          {creating ? "Creating project..." : "Create Project"}
        </Button>
        <Button asChild size="3" variant="outline" color="gray">
          <Link to="/">Cancel</Link>
        </Button>
      </Flex>
    </Form>
  );
}
