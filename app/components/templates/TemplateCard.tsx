import { Link } from "@remix-run/react";
import { formatKilobytes } from "~/modules/document/file-types";
import type { TemplateJson } from "~/modules/template/template.server";

/** One template card (spec 001 §2): name, file, description, category, first 2 tags then +N, size in KB. */
export function TemplateCard({ template, projectId, canEdit, canDelete }: { template: TemplateJson; projectId: number; canEdit: boolean; canDelete: boolean }) {
  const shown = template.tags.slice(0, 2);
  const more = template.tags.length - shown.length;
  return (
    <li className="card template-card">
      <h3>{template.templateName}</h3>
      <p className="muted">{template.originalFileName}</p>
      <p>{template.templateDescription || "No description provided"}</p>
      <p>
        <span className="visually-hidden">Category: </span>
        <span className="badge badge--accent">{template.category || "Uncategorised"}</span>
      </p>
      {template.tags.length ? (
        <ul className="tag-list" aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag} className="badge badge--muted">
              {tag}
            </li>
          ))}
          {more > 0 ? (
            <li className="badge badge--muted">
              +{more}
              <span className="visually-hidden"> more tags</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="muted">{formatKilobytes(template.fileSize)}</p>
      <ul className="button-row">
        <li>
          <a className="button button--secondary" href={`/api/templates/${template.id}/download?projectId=${projectId}`} download={template.originalFileName}>
            Download<span className="visually-hidden"> {template.templateName}</span>
          </a>
        </li>
        {canEdit ? (
          <li>
            <Link className="button button--ghost" to={`?edit=${template.id}`} preventScrollReset>
              Edit<span className="visually-hidden"> {template.templateName}</span>
            </Link>
          </li>
        ) : null}
        {canDelete ? (
          <li>
            <Link className="button button--ghost danger-link" to={`?delete=${template.id}`} preventScrollReset>
              Delete<span className="visually-hidden"> {template.templateName}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </li>
  );
}
