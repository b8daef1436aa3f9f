import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { NoProjectSelected, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { LETTER_TITLE, letterSentence, longDate } from "~/modules/commitments/letter";
import { loadLetter } from "~/modules/commitments/letter.server";
import { letterPdfPath } from "~/modules/commitments/urls";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

export const handle = { pageTitle: LETTER_TITLE };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ letter: null } as const);
    return json({ letter: await loadLetter(access, requireRecordId(params.stakeholderId, "Stakeholder not found")) });
  });

/** "What we promised you": a printable page in plain language (docs/records.md#commitments); the nav and buttons are not printed. */
export default function CommitmentLetterPage() {
  const { letter } = useLoaderData<typeof loader>();
  if (!letter) {
    return (
      <div className="stack">
        <PageHeader title={LETTER_TITLE} subtitle="No project selected" />
        <NoProjectSelected what="commitments" />
      </div>
    );
  }
  return (
    <article className="stack letter" aria-labelledby="letter-title">
      <div className="button-row">
        <Button asChild variant="outline">
          <Link to={`/stakeholders?highlight=${letter.stakeholder.id}`}>Back to {letter.stakeholder.name}</Link>
        </Button>
        <Button asChild>
          <a href={letterPdfPath(letter.stakeholder.id)}>Download PDF letter</a>
        </Button>
      </div>
      <Text as="p">{longDate(letter.today)}</Text>
      <Text as="p">Dear {letter.stakeholder.name},</Text>
      <Heading as="h1" size="6" id="letter-title">
        {LETTER_TITLE}
      </Heading>
      <Text as="p">These are the promises the {letter.projectName} team made to you, and where each one stands.</Text>
      {(
        [
          ["Still to do", letter.open, "Nothing is outstanding."],
          ["Done", letter.fulfilled, "Nothing is marked done yet."],
        ] as const
      ).map(([heading, rows, none]) => (
        <section key={heading} aria-label={heading}>
          <Heading as="h2" size="4">
            {heading}
          </Heading>
          {rows.length ? (
            <ul>
              {rows.map((row) => (
                <li key={row.id}>{letterSentence(row)}</li>
              ))}
            </ul>
          ) : (
            <Text as="p">{none}</Text>
          )}
        </section>
      ))}
      <Text as="p">If anything here is not as you remember it, please tell us.</Text>
    </article>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Stakeholder not found" back={{ to: "/commitments", label: "Back to Commitments" }} />;
