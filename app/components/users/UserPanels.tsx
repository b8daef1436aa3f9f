import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Callout, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, SelectField, TextField, FormActions, useFormErrors, PanelDialog } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { ROLE_LABELS, type Role } from "~/modules/permissions/permissions";
import { INVITE_FORM_ID, MAX_EMAIL_LENGTH, MEMBERS_FORM_ID } from "~/modules/users/schemas";
import { userListSearch, userListUrl } from "~/modules/users/urls";
import { userDisplayName } from "~/modules/users/user-rules";
import { SUBSCRIPTION_URL } from "~/modules/billing/plan-limits";

interface ProjectOption {
  id: number;
  name: string;
  member?: boolean;
}

/** Checkboxes of projects in a fieldset; ticked ones post `projectIds`. */
function ProjectChoices({ legend, hint, projects, checked }: { legend: string; hint: string; projects: ProjectOption[]; checked: (id: number) => boolean }) {
  return (
    <fieldset className="field project-choices" aria-describedby="project-choices-hint">
      <legend className="field__label">{legend}</legend>
      <Text as="p" id="project-choices-hint" color="gray" className="field__hint">
        {hint}
      </Text>
      {projects.length ? (
        <ul className="project-choices__list">
          {projects.map((project) => (
            <li key={project.id}>
              <input type="checkbox" id={`project-${project.id}`} name="projectIds" value={project.id} defaultChecked={checked(project.id)} className="field__checkbox" />{" "}
              <label htmlFor={`project-${project.id}`}>{project.name}</label>
            </li>
          ))}
        </ul>
      ) : (
        <Text as="p">There are no projects you can add people to.</Text>
      )}
    </fieldset>
  );
}

function PlanLimitNote({ message }: { message: string | undefined }) {
  if (!message?.includes("Subscription page")) return null;
  return (
    <Text as="p">
      <Link to={SUBSCRIPTION_URL}>Go to the Subscription page</Link>
    </Text>
  );
}

export interface InviteData {
  roles: Role[];
  projects: ProjectOption[];
  clientId: number | null;
  chooseClient: boolean;
}

/** ?invite=1: e-mail (required), a role the inviter may assign, the projects the person joins. */
export function InviteUserPanel({ invite, clients }: { invite: InviteData; clients: { id: number; name: string }[] }) {
  const { search } = useLocation();
  const errors = useFormErrors(INVITE_FORM_ID);
  const picked = errors?.repopulateFields?.projectIds;
  const pickedIds = new Set((Array.isArray(picked) ? picked : picked ? [picked] : []).map(String));
  const closeTo = userListUrl(search);
  return (
    <PanelDialog id="invite-user" title="Invite User" closeTo={closeTo}>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ projectIds: "project-choices-hint" }} />
      {errors?.fieldErrors[FORM_ERROR] ? <PlanLimitNote message={errors.fieldErrors[FORM_ERROR]} /> : null}
      <Form method="post" action={`${closeTo}${closeTo.includes("?") ? "&" : "?"}invite=1`} noValidate>
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="back" value={userListSearch(search)} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          formId={INVITE_FORM_ID}
          maxLength={MAX_EMAIL_LENGTH}
          hint="They sign in with single sign-on using this address."
        />
        <SelectField
          name="role"
          label="Role"
          formId={INVITE_FORM_ID}
          defaultValue="viewer"
          options={invite.roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          hint="You can give your own role or a lower one."
        />
        {invite.chooseClient ? (
          <SelectField
            name="clientId"
            label="Client organisation"
            required
            formId={INVITE_FORM_ID}
            placeholder="Choose a client"
            options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
            hint="Filter the list by a client first to choose its projects."
          />
        ) : invite.clientId !== null ? (
          <input type="hidden" name="clientId" value={invite.clientId} />
        ) : null}
        {invite.chooseClient ? null : (
          <ProjectChoices legend="Projects" hint="The projects this person joins when they first sign in." projects={invite.projects} checked={(id) => pickedIds.has(String(id))} />
        )}
        <FormActions submitLabel="Send Invitation" cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}

interface PanelUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** ?delete=ID: the confirmation, its own URL; Cancel returns to the list. */
export function DeleteUserPanel({ user }: { user: PanelUser }) {
  const { search } = useLocation();
  const closeTo = userListUrl(search);
  return (
    <PanelDialog id="delete-user" title="Delete User" closeTo={closeTo}>
      <Text as="p">
        Are you sure you want to delete <strong>{userDisplayName(user)}</strong> ({user.email})? They lose access at once and are removed from every project. Records they created stay, under their
        name. This action cannot be undone.
      </Text>
      <Form method="post" action={closeTo}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={user.id} />
        <input type="hidden" name="back" value={userListSearch(search)} />
        <FormActions submitLabel="Delete User" cancelTo={closeTo} danger />
      </Form>
    </PanelDialog>
  );
}

/** ?projects=ID: the projects the user belongs to, among those the signed-in user manages. */
export function UserProjectsPanel({ data }: { data: { user: PanelUser; projects: ProjectOption[] } }) {
  const { search } = useLocation();
  const errors = useFormErrors(MEMBERS_FORM_ID);
  const closeTo = userListUrl(search);
  const name = userDisplayName(data.user);
  const picked = errors?.repopulateFields?.projectIds;
  const pickedIds = errors ? new Set((Array.isArray(picked) ? picked : picked ? [picked] : []).map(String)) : null;
  return (
    <PanelDialog id="user-projects" title={`Projects of ${name}`} closeTo={closeTo}>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ projectIds: "project-choices-hint" }} />
      {errors?.fieldErrors[FORM_ERROR] ? <PlanLimitNote message={errors.fieldErrors[FORM_ERROR]} /> : null}
      <Form method="post" action={`${closeTo}${closeTo.includes("?") ? "&" : "?"}projects=${encodeURIComponent(data.user.id)}`} noValidate>
        <input type="hidden" name="intent" value="projects" />
        <input type="hidden" name="id" value={data.user.id} />
        <input type="hidden" name="back" value={userListSearch(search)} />
        <ProjectChoices
          legend="Member of"
          hint="Project Managers, Officers and Viewers see only the projects they are members of."
          projects={data.projects}
          checked={(id) => (pickedIds ? pickedIds.has(String(id)) : !!data.projects.find((p) => p.id === id)?.member)}
        />
        <FormActions submitLabel="Save Projects" cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}

/** A system admin's filter by client organisation (a GET form). */
export function ClientFilter({ clients, selected }: { clients: { id: number; name: string }[]; selected: number | null }) {
  return (
    <Form method="get" className="inline-form client-filter">
      <label htmlFor="client-filter" className="field__label">
        Client organisation
      </label>
      <Flex gap="2" align="center" wrap="wrap">
        <select id="client-filter" name="client" defaultValue={selected ?? ""} className="native-select">
          <option value="">All clients</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="soft">
          Filter
        </Button>
      </Flex>
    </Form>
  );
}

/** The view for a role without manageUsers (docs/administration.md#user-management). */
export function AccessRestricted({ message }: { message: string }) {
  return (
    <Callout.Root asChild color="amber" size="3" className="notice-panel">
      <section aria-labelledby="restricted-title">
        <Heading as="h2" size="4" id="restricted-title">
          Access Restricted
        </Heading>
        <Callout.Text>{message}</Callout.Text>
      </section>
    </Callout.Root>
  );
}
