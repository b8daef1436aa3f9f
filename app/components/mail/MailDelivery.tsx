import { Form } from "@remix-run/react";
import { Badge, Button, Heading } from "~/components/radix";
import { DataTable, EmptyState, Pagination, StatTiles, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import type { MailDeliveryPageData, UndeliveredMail } from "~/modules/mail/undelivered.server";
import { formatDateTime } from "~/utils/dates";

const STATE: Record<UndeliveredMail["state"], { label: string; color: "amber" | "red" }> = {
  waiting: { label: "Waiting to retry", color: "amber" },
  "given-up": { label: "Given up", color: "red" },
};

/** The three counts above the list: failed attempts of the last day, messages waiting, messages given up. */
export function MailDeliveryTiles({ data }: { data: Pick<MailDeliveryPageData, "failuresLast24h" | "waiting" | "givenUp"> }) {
  return (
    <StatTiles
      label="Mail delivery"
      tiles={[
        { label: "Failed attempts in the last 24 hours", value: data.failuresLast24h.toLocaleString("en-AU") },
        { label: "Waiting to retry", value: data.waiting.toLocaleString("en-AU") },
        { label: "Given up", value: data.givenUp.toLocaleString("en-AU") },
      ]}
    />
  );
}

/** Undelivered messages, most recently tried first, each with "Retry now" (a plain form). */
export function UndeliveredMailList({ data }: { data: MailDeliveryPageData }) {
  return (
    <section aria-labelledby="undelivered-title" className="stack">
      <Heading as="h2" size="5" id="undelivered-title">
        Undelivered mail ({data.total.toLocaleString("en-AU")})
      </Heading>
      {data.mails.length ? (
        <DataTable labelledBy="undelivered-title" caption={{ text: "Messages not delivered yet, most recently tried first", hidden: true }}>
          <TableHeader>
            <TableRow>
              <TableColumnHeaderCell>Message</TableColumnHeaderCell>
              <TableColumnHeaderCell>Recipients</TableColumnHeaderCell>
              <TableColumnHeaderCell>State</TableColumnHeaderCell>
              <TableColumnHeaderCell>Attempts</TableColumnHeaderCell>
              <TableColumnHeaderCell>Last error</TableColumnHeaderCell>
              <TableColumnHeaderCell>Last attempt</TableColumnHeaderCell>
              <TableColumnHeaderCell>Next attempt</TableColumnHeaderCell>
              <TableColumnHeaderCell>
                <span className="visually-hidden">Actions</span>
              </TableColumnHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.mails.map((mail) => (
              <TableRow key={mail.id}>
                <TableRowHeaderCell className="cell--nowrap">
                  #{mail.id}
                  {mail.kind ? ` ${mail.kind}` : ""}
                  <br />
                  <small>queued {formatDateTime(mail.createdAt)}</small>
                </TableRowHeaderCell>
                <TableCell className="cell--text">{mail.recipients}</TableCell>
                <TableCell>
                  <Badge color={STATE[mail.state].color}>{STATE[mail.state].label}</Badge>
                </TableCell>
                <TableCell>{mail.attempts}</TableCell>
                <TableCell className="cell--text">{mail.lastError ?? ""}</TableCell>
                <TableCell className="cell--nowrap">{formatDateTime(mail.lastAttemptAt)}</TableCell>
                <TableCell className="cell--nowrap">{mail.state === "waiting" ? formatDateTime(mail.nextAttemptAt) : "None"}</TableCell>
                <TableCell className="cell--nowrap">
                  <Form method="post" action={`/mail-delivery${data.page > 1 ? `?page=${data.page}` : ""}`}>
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="mailId" value={mail.id} />
                    <input type="hidden" name="page" value={data.page} />
                    <Button type="submit" size="1" variant="outline" aria-label={`Retry now: message #${mail.id}`}>
                      Retry now
                    </Button>
                  </Form>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </DataTable>
      ) : (
        <EmptyState id="no-undelivered-mail">{data.total ? "There are no messages on this page." : "Every message has been delivered."}</EmptyState>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Undelivered mail" />
    </section>
  );
}
