import { Form } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { CommitmentBadges } from "~/components/commitments/CommitmentBadges";
import type { GrievanceLinksData } from "~/modules/grievances/grievance-links-page.server";
import { GRIEVANCE_FIND_PARAMS } from "~/modules/grievances/link-schemas";
import { formatDate } from "~/utils/dates";

const FIND = GRIEVANCE_FIND_PARAMS;

/** One small POST form per button, so each works without JavaScript and names the record it acts on. */
function LinkButton({ intent, field, id, label, name, variant = "soft" }: { intent: string; field: string; id: number; label: string; name: string; variant?: "soft" | "outline" }) {
  return (
    <Form method="post" preventScrollReset className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={id} />
      <Button type="submit" size="1" variant={variant} color={intent.startsWith("remove") ? "red" : undefined}>
        {label}
        <span className="visually-hidden"> {name}</span>
      </Button>
    </Form>
  );
}

/** Search-then-pick by GET: the other search box's text rides along, so both result lists stay. */
function FindForm({ kind, label, hint, finds }: { kind: "engagement" | "document"; label: string; hint: string; finds: GrievanceLinksData["finds"] }) {
  const other = kind === "engagement" ? "document" : "engagement";
  const id = `grievance-find-${kind}`;
  return (
    <Form method="get" className="field inline-form" preventScrollReset>
      {finds[other] ? <input type="hidden" name={FIND[other]} value={finds[other]} /> : null}
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} name={FIND[kind]} type="search" defaultValue={finds[kind]} maxLength={200} className="native-input" aria-describedby={`${id}-hint`} />
      <Text as="p" id={`${id}-hint`} color="gray" className="field__hint">
        {hint}
      </Text>
      <Button type="submit" variant="outline">
        Find
      </Button>
    </Form>
  );
}

const engagementLabel = (e: { subject: string; stakeholderName: string; on: string }) => `${e.subject} (${e.stakeholderName}, ${formatDate(e.on)})`;

/**
 * A grievance's links (docs/records.md#grievance-links): the commitments made from it with "Add a
 * commitment", and the engagements and documents attached to it, each with Remove, plus the
 * search-then-pick to attach more.
 */
export function GrievanceLinks({ grievanceId, links, canEdit }: { grievanceId: number; links: GrievanceLinksData; canEdit: boolean }) {
  const searched = { engagement: !!links.finds.engagement, document: !!links.finds.document };
  return (
    <section aria-labelledby="grievance-links-title" id="grievance-links" className="stack">
      <Heading as="h2" size="4" id="grievance-links-title">
        Commitments, engagements and documents
      </Heading>

      <section aria-labelledby="grievance-commitments-title" className="detail-section">
        <Heading as="h3" size="3" id="grievance-commitments-title">
          Commitments made
        </Heading>
        {links.commitments.length === 0 ? (
          <Text as="p" color="gray">
            No commitments made from this grievance.
          </Text>
        ) : (
          <ul className="plain-list">
            {links.commitments.map((c) => (
              <li key={c.id}>
                <a href={`/commitments?view=${c.id}`}>{c.description}</a> <CommitmentBadges status={c.status} badge={c.badge} />
              </li>
            ))}
          </ul>
        )}
        {canEdit ? (
          <Text as="p">
            <a href={`/commitments?new=1&grievanceId=${grievanceId}`}>Add a commitment</a>
          </Text>
        ) : null}
      </section>

      <section aria-labelledby="grievance-engagements-title" className="detail-section stack">
        <Heading as="h3" size="3" id="grievance-engagements-title">
          Engagements attached
        </Heading>
        {links.engagements.length === 0 ? (
          <Text as="p" color="gray">
            No engagements attached.
          </Text>
        ) : (
          <ul className="plain-list">
            {links.engagements.map((e) => (
              <li key={e.id}>
                {engagementLabel(e)}
                {canEdit ? <LinkButton intent="remove-engagement" field="engagementId" id={e.id} label="Remove" name={e.subject} /> : null}
              </li>
            ))}
          </ul>
        )}
        {canEdit ? (
          <>
            <FindForm kind="engagement" label="Find an engagement to attach" hint="Part of its subject or the stakeholder's name" finds={links.finds} />
            {searched.engagement ? (
              links.matches.engagements.length === 0 ? (
                <Text as="p" role="status">
                  No engagements match.
                </Text>
              ) : (
                <ul className="plain-list" aria-label="Engagements found">
                  {links.matches.engagements.map((e) => (
                    <li key={e.id}>
                      {engagementLabel(e)} <LinkButton intent="attach-engagement" field="engagementId" id={e.id} label="Attach" name={e.subject} variant="outline" />
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </>
        ) : null}
      </section>

      <section aria-labelledby="grievance-documents-title" className="detail-section stack">
        <Heading as="h3" size="3" id="grievance-documents-title">
          Documents attached
        </Heading>
        {links.documents.length === 0 ? (
          <Text as="p" color="gray">
            No documents attached.
          </Text>
        ) : (
          <ul className="plain-list">
            {links.documents.map((d) => (
              <li key={d.id}>
                <a href={`/api/documents/${d.id}/download`}>{d.name}</a>
                {canEdit ? <LinkButton intent="remove-document" field="documentId" id={d.id} label="Remove" name={d.name} /> : null}
              </li>
            ))}
          </ul>
        )}
        {canEdit ? (
          <>
            <FindForm kind="document" label="Find a project document to attach" hint="Part of its file name or description; upload new files on the Documents page" finds={links.finds} />
            {searched.document ? (
              links.matches.documents.length === 0 ? (
                <Text as="p" role="status">
                  No documents match.
                </Text>
              ) : (
                <ul className="plain-list" aria-label="Documents found">
                  {links.matches.documents.map((d) => (
                    <li key={d.id}>
                      {d.name} <LinkButton intent="attach-document" field="documentId" id={d.id} label="Attach" name={d.name} variant="outline" />
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </>
        ) : null}
      </section>
    </section>
  );
}
