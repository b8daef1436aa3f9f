import { Badge } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, RowLink } from "~/components/kit";
import type { DocumentJson } from "~/modules/document/document.server";
import { formatBytes, isPreviewableInline } from "~/modules/document/file-types";
import { CATEGORY_LABELS } from "~/modules/document/document-fields";
import { formatDate } from "~/utils/dates";
import { withParams } from "~/utils/list-query";

/** The documents list: a real table with one row per document and its actions. */
export function DocumentsTable({
  documents,
  projectId,
  caption,
  search,
  canEdit,
  canDelete,
  showRecords = true,
}: {
  documents: DocumentJson[];
  projectId: number;
  caption: string;
  /** The list page's query string, kept on the Edit notes / Delete links; omit on record tabs. */
  search?: string;
  canEdit: boolean;
  canDelete: boolean;
  showRecords?: boolean;
}) {
  const fileUrl = (id: number, what: "download" | "preview") => `/api/documents/${id}/${what}?projectId=${projectId}`;
  const pageLink = (changes: Record<string, string | number | null>) => (search !== undefined ? withParams(search, changes) : `/documents${withParams("", changes)}`);
  return (
    <DataTable label={caption} caption={{ text: caption }} className="records documents-table">
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>File name</TableColumnHeaderCell>
          <TableColumnHeaderCell>Size</TableColumnHeaderCell>
          <TableColumnHeaderCell>Category</TableColumnHeaderCell>
          <TableColumnHeaderCell>Tags</TableColumnHeaderCell>
          <TableColumnHeaderCell>Uploaded</TableColumnHeaderCell>
          {showRecords ? <TableColumnHeaderCell>Stakeholder</TableColumnHeaderCell> : null}
          {showRecords ? <TableColumnHeaderCell>Property</TableColumnHeaderCell> : null}
          <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((d) => (
          <TableRow key={d.id}>
            <TableRowHeaderCell className="documents-table__name cell--text">
              {d.original_file_name}
              {d.description ? <span className="documents-table__description">{d.description}</span> : null}
            </TableRowHeaderCell>
            <TableCell className="cell--nowrap">{formatBytes(d.file_size)}</TableCell>
            <TableCell>{d.category ? CATEGORY_LABELS[d.category] : <span className="muted">None</span>}</TableCell>
            <TableCell>
              {d.tags.length ? (
                <ul className="tag-list">
                  {d.tags.map((tag) => (
                    <Badge asChild color="gray" key={tag}>
                      <li>{tag}</li>
                    </Badge>
                  ))}
                </ul>
              ) : (
                <span className="muted">None</span>
              )}
            </TableCell>
            <TableCell className="cell--nowrap">{formatDate(d.created_at)}</TableCell>
            {showRecords ? <TableCell className="cell--text">{d.stakeholderName ?? <span className="muted">None</span>}</TableCell> : null}
            {showRecords ? <TableCell className="cell--text">{d.propertyAddress ?? <span className="muted">None</span>}</TableCell> : null}
            <TableCell>
              <ul className="action-list">
                <li>
                  <a href={fileUrl(d.id, "preview")} target={isPreviewableInline(d.mime_type) ? "_blank" : undefined} rel="noopener noreferrer">
                    Preview
                    <span className="visually-hidden">
                      {" "}
                      {d.original_file_name}
                      {isPreviewableInline(d.mime_type) ? " (opens in a new tab)" : ""}
                    </span>
                  </a>
                </li>
                <li>
                  <a href={fileUrl(d.id, "download")} download={d.original_file_name}>
                    Download<span className="visually-hidden"> {d.original_file_name}</span>
                  </a>
                </li>
                {canEdit ? (
                  <li>
                    <RowLink to={pageLink({ edit: d.id, delete: null })} preventScrollReset>
                      Edit notes<span className="visually-hidden"> for {d.original_file_name}</span>
                    </RowLink>
                  </li>
                ) : null}
                {canDelete ? (
                  <li>
                    <RowLink to={pageLink({ delete: d.id, edit: null })} preventScrollReset className="danger-link">
                      Delete<span className="visually-hidden"> {d.original_file_name}</span>
                    </RowLink>
                  </li>
                ) : null}
              </ul>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}
