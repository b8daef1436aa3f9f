import { useEffect, useState } from "react";
import { FormActions, SelectField, TextAreaField, TextField, useFormErrors, FieldList, FieldRow, PanelDialog } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Badge, Button, Card, Heading } from "~/components/radix";
import type { EngagementJson } from "~/modules/engagement/engagement.server";
import { ENGAGEMENT_LIMITS } from "~/modules/engagement/limits";
import { DEFAULT_ENGAGEMENT_TYPE, ENGAGEMENT_TYPE_OPTIONS, engagementTypeLabel } from "~/modules/engagement/engagement-types";
import { DEFAULT_TIME_ZONE, ENGAGEMENT_TIME_ZONES, instantToZonedDate } from "~/modules/engagement/zoned-time";
import { ENGAGEMENT_FORM } from "~/modules/stakeholder/form-ids";
import { formatDate, formatDateTime } from "~/utils/dates";
import { listSearch, panelSearch } from "~/modules/stakeholder/urls";
import type { CommitmentStatus, DueBadge } from "~/modules/commitments/rules";
import { CommitmentBadges } from "~/components/commitments/CommitmentBadges";

/**
 * Record Interaction (docs/records.md#engagements). Follow-up Date is always rendered (so it works without
 * JavaScript) and only required and kept when the box is ticked; with JavaScript it is hidden
 * until the box is ticked.
 */
export function EngagementForm({ stakeholder, defaultDateTime }: { stakeholder: { id: number; name: string }; defaultDateTime: string }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const errors = useFormErrors(ENGAGEMENT_FORM);
  const submitted = errors?.repopulateFields;
  const [followUp, setFollowUp] = useState(submitted ? submitted.followUpRequired === "on" : false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const saving = navigation.state === "submitting" && navigation.formData?.get("formId") === ENGAGEMENT_FORM;
  const formError = errors?.fieldErrors[FORM_ERROR];

  return (
    <PanelDialog id="record-interaction" title={`Record Interaction: ${stakeholder.name}`} closeTo={listSearch(search)} wide>
      {formError ? <p className="field__error">{formError}</p> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="formId" value={ENGAGEMENT_FORM} />
        <input type="hidden" name="intent" value="record-interaction" />
        <input type="hidden" name="stakeholderId" value={stakeholder.id} />
        <div className="form-grid">
          <SelectField formId={ENGAGEMENT_FORM} name="type" label="Interaction Type" required options={ENGAGEMENT_TYPE_OPTIONS} defaultValue={DEFAULT_ENGAGEMENT_TYPE} />
          <TextField formId={ENGAGEMENT_FORM} name="subject" label="Subject/Topic" required maxLength={ENGAGEMENT_LIMITS.subject} />
          <TextField formId={ENGAGEMENT_FORM} name="completedAt" label="Date and Time" type="datetime-local" defaultValue={defaultDateTime} />
          <SelectField formId={ENGAGEMENT_FORM} name="timezone" label="Time Zone" options={ENGAGEMENT_TIME_ZONES} defaultValue={DEFAULT_TIME_ZONE} hint="The date and time are read in this zone." />
        </div>
        <TextField formId={ENGAGEMENT_FORM} name="location" label="Location" maxLength={ENGAGEMENT_LIMITS.location} />
        <TextAreaField formId={ENGAGEMENT_FORM} name="notes" label="Notes" rows={4} maxLength={ENGAGEMENT_LIMITS.notes} />
        <TextAreaField formId={ENGAGEMENT_FORM} name="outcomes" label="Outcomes" rows={3} maxLength={ENGAGEMENT_LIMITS.notes} />
        <div className="checkbox-field">
          <input id="field-followUpRequired" type="checkbox" name="followUpRequired" defaultChecked={followUp} onChange={(e) => setFollowUp(e.currentTarget.checked)} />
          <label htmlFor="field-followUpRequired">Follow-up required</label>
        </div>
        <div hidden={enhanced && !followUp}>
          <TextField formId={ENGAGEMENT_FORM} name="followUpDate" label="Follow-up Date" type="date" hint="Needed only when follow-up is required." />
        </div>
        <FormActions submitLabel="Record Interaction" busy={saving} busyLabel="Recording..." cancelTo={listSearch(search)} />
      </Form>
    </PanelDialog>
  );
}

function when(e: EngagementJson) {
  const at = e.completedAt ?? e.scheduledAt;
  if (!at) return "No date recorded";
  return `${e.completedAt ? "" : "Scheduled: "}${formatDateTime(at, e.timezone)}`;
}

/** Interactions list for a stakeholder, newest first. */
export function EngagementList({
  stakeholder,
  rows,
  total,
  canEdit,
  commitments = {},
  today,
}: {
  stakeholder: { id: number; name: string };
  rows: EngagementJson[];
  total: number;
  canEdit: boolean;
  commitments?: Record<number, { id: number; description: string; status: CommitmentStatus; badge: DueBadge }[]>;
  today?: string;
}) {
  const { search } = useLocation();
  return (
    <PanelDialog id="interactions" title={`Interactions: ${stakeholder.name}`} closeTo={listSearch(search)} wide>
      {canEdit ? (
        <p>
          <Button asChild>
            <Link to={panelSearch(search, { interact: stakeholder.id })}>
              Record Interaction<span className="visually-hidden"> for {stakeholder.name}</span>
            </Link>
          </Button>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>No interactions recorded yet.</p>
      ) : (
        <>
          {total > rows.length ? (
            <p className="muted">
              Showing the {rows.length} most recent of {total} interactions.
            </p>
          ) : null}
          <ol className="interaction-list">
            {rows.map((e) => (
              <Card asChild size="2" key={e.id} className="interaction">
                <li>
                  <Heading as="h3" size="3">
                    <Badge>{engagementTypeLabel(e.type)}</Badge> {e.subject}
                  </Heading>
                  <FieldList>
                    <FieldRow label="Date and time">{when(e)}</FieldRow>
                    {e.location ? (
                      <>
                        <FieldRow label="Location">{e.location}</FieldRow>
                      </>
                    ) : null}
                    {e.notes ? (
                      <>
                        <FieldRow label="Notes" className="preserve-lines">
                          {e.notes}
                        </FieldRow>
                      </>
                    ) : null}
                    {e.outcomes ? (
                      <>
                        <FieldRow label="Outcomes" className="preserve-lines">
                          {e.outcomes}
                        </FieldRow>
                      </>
                    ) : null}
                    <FieldRow label="Commitments" empty="None recorded">
                      {commitments[e.id]?.length || canEdit ? (
                        <ul className="plain-list">
                          {(commitments[e.id] ?? []).map((c) => (
                            <li key={c.id}>
                              <a href={`/commitments?view=${c.id}`}>{c.description}</a> <CommitmentBadges status={c.status} badge={c.badge} />
                            </li>
                          ))}
                          {canEdit ? (
                            <li>
                              <a
                                href={`/commitments?${new URLSearchParams({ new: "1", description: "", promisedOn: today ?? "", engagementId: String(e.id), stakeholderIds: String(stakeholder.id) })}`}
                              >
                                Record a commitment made here<span className="visually-hidden"> ({e.subject})</span>
                              </a>
                            </li>
                          ) : null}
                        </ul>
                      ) : null}
                    </FieldRow>
                    <FieldRow label="Follow-up">
                      {e.followUpRequired ? `Required${e.followUpDate ? ` by ${formatDate(instantToZonedDate(new Date(e.followUpDate), e.timezone))}` : ""}` : "Not required"}
                    </FieldRow>
                  </FieldList>
                </li>
              </Card>
            ))}
          </ol>
        </>
      )}
    </PanelDialog>
  );
}
