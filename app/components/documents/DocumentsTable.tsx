import { Link } from "@remix-run/react";
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
    <div className="table-wrap">
      <table className="records documents-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">File name</th>
            <th scope="col">Size</th>
            <th scope="col">Category</th>
            <th scope="col">Tags</th>
            <th scope="col">Uploaded</th>
            {showRecords ? <th scope="col">Stakeholder</th> : null}
            {showRecords ? <th scope="col">Property</th> : null}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((d) => (
            <tr key={d.id}>
              <th scope="row" className="documents-table__name">
                {d.original_file_name}
                {d.description ? <span className="documents-table__description">{d.description}</span> : null}
              </th>
              <td>{formatBytes(d.file_size)}</td>
              <td>{d.category ? CATEGORY_LABELS[d.category] : <span className="muted">None</span>}</td>
              <td>
                {d.tags.length ? (
                  <ul className="tag-list">
                    {d.tags.map((tag) => (
                      <li key={tag} className="badge badge--muted">
                        {tag}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td>{formatDate(d.created_at)}</td>
              {showRecords ? <td>{d.stakeholderName ?? <span className="muted">None</span>}</td> : null}
              {showRecords ? <td>{d.propertyAddress ?? <span className="muted">None</span>}</td> : null}
              <td>
                <ul className="action-list">
                  <li>
                    <a href={fileUrl(d.id, "preview")} target={isPreviewableInline(d.mime_type) ? "_blank" : undefined} rel="noopener noreferrer">
                      Preview<span className="visually-hidden"> {d.original_file_name}{isPreviewableInline(d.mime_type) ? " (opens in a new tab)" : ""}</span>
                    </a>
                  </li>
                  <li>
                    <a href={fileUrl(d.id, "download")} download={d.original_file_name}>
                      Download<span className="visually-hidden"> {d.original_file_name}</span>
                    </a>
                  </li>
                  {canEdit ? (
                    <li>
                      <Link to={pageLink({ edit: d.id, delete: null })} preventScrollReset>
                        Edit notes<span className="visually-hidden"> for {d.original_file_name}</span>
                      </Link>
                    </li>
                  ) : null}
                  {canDelete ? (
                    <li>
                      <Link to={pageLink({ delete: d.id, edit: null })} preventScrollReset className="danger-link">
                        Delete<span className="visually-hidden"> {d.original_file_name}</span>
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
