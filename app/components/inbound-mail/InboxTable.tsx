import { DataTable, RowLink, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { checkFailed, checkLabel, type InboxAttachment, type InboxRow } from "~/modules/inbound-mail/review-view";
import { inboxMessagePath } from "~/modules/inbound-mail/urls";
import { formatDateTime } from "~/utils/dates";

export function CheckResult({ label, result }: { label: string; result: string | null }) {
  return (
    <span className={checkFailed(result) ? "check check--failed" : "check"}>
      {label}: {checkLabel(result)}
    </span>
  );
}

/** The message's attachments, each refused one with its reason. */
export function AttachmentList({ attachments }: { attachments: InboxAttachment[] | null }) {
  if (attachments === null) return <span className="muted">Listed on the message&apos;s page</span>;
  if (!attachments.length) return <span className="muted">None</span>;
  return (
    <ul className="plain-list">
      {attachments.map((a, i) => (
        <li key={`${a.fileName}-${i}`}>
          {a.fileName}
          {a.refused ? <span className="check--failed"> (refused: {a.refused})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The Mail inbox's table (docs/inbound-mail.md#review): the loader's plain rows. */
export function InboxTable({ rows, timeZone, caption }: { rows: InboxRow[]; timeZone: string; caption: string }) {
  return (
    <DataTable label="Messages" caption={{ text: caption, hidden: true }} className="records inbox-table">
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>Subject</TableColumnHeaderCell>
          <TableColumnHeaderCell>From</TableColumnHeaderCell>
          <TableColumnHeaderCell>Sent</TableColumnHeaderCell>
          <TableColumnHeaderCell>Why it waits</TableColumnHeaderCell>
          <TableColumnHeaderCell>SPF and DKIM</TableColumnHeaderCell>
          <TableColumnHeaderCell>Attachments</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell cell--text">
              <RowLink to={inboxMessagePath(row.id)}>{row.subject || "(no subject)"}</RowLink>
            </th>
            <td className="rt-TableCell cell--text">{row.from}</td>
            <td className="rt-TableCell">{row.sentAt ? formatDateTime(row.sentAt, timeZone) : <span className="muted">Unknown</span>}</td>
            <td className="rt-TableCell cell--text">{row.reason ?? <span className="muted">None</span>}</td>
            <td className="rt-TableCell">
              <CheckResult label="SPF" result={row.spf} />
              <br />
              <CheckResult label="DKIM" result={row.dkim} />
            </td>
            <td className="rt-TableCell cell--text">
              <AttachmentList attachments={row.attachments} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
