import type { DocumentJson } from "~/modules/document/document.server";
import { DocumentUploadForm } from "./DocumentUploadForm";
import { DocumentsTable } from "./DocumentsTable";

/**
 * A stakeholder's or property's Documents tab: the record's documents and an upload form that posts to
 * /documents and comes back to `returnTo` (the detail view's URL). Feed it `loadRecordDocuments(...)`.
 * Edit notes and Delete open on /documents, where the confirmation panel lives.
 */
export function DocumentsPanel({
  data,
  projectId,
  returnTo,
  recordLabel,
}: {
  data: { documents: DocumentJson[]; total: number; record: { stakeholderId: number } | { propertyId: number }; canEdit: boolean; canDelete: boolean };
  projectId: number;
  returnTo: string;
  recordLabel: string;
}) {
  return (
    <div className="documents-panel stack">
      {data.documents.length ? (
        <DocumentsTable
          documents={data.documents}
          projectId={projectId}
          caption={`Documents for ${recordLabel} (${data.total})`}
          canEdit={data.canEdit}
          canDelete={data.canDelete}
          showRecords={false}
        />
      ) : (
        <p className="muted">No documents for {recordLabel} yet.</p>
      )}
      {data.total > data.documents.length ? (
        <p>
          Showing the newest {data.documents.length} of {data.total} documents.
        </p>
      ) : null}
      {data.canEdit ? <DocumentUploadForm fixed={data.record} returnTo={returnTo} headingLevel={3} /> : null}
    </div>
  );
}
