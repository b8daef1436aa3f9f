import { Callout, Heading } from "~/components/radix";
import { EmptyState, Pagination } from "~/components/kit";
import type { TemplateJson } from "~/modules/template/template.server";
import { TemplateCard } from "./TemplateCard";

type TemplateListProps = { project: { id: number }; canEdit: boolean; canDelete: boolean } & (
  { state: "error" } | { state: "ready"; templates: TemplateJson[]; total: number; page: number; pageSize: number }
);

/** The project's templates as cards, or why there are none (or why they could not be loaded). */
export function TemplateList(props: TemplateListProps) {
  if (props.state === "error") {
    return (
      <Callout.Root asChild color="red" size="3">
        <section role="alert" aria-labelledby="templates-error-title">
          <Heading as="h2" id="templates-error-title" size="4">
            Error Loading Templates
          </Heading>
          <Callout.Text>Failed to load templates. Please try refreshing the page.</Callout.Text>
        </section>
      </Callout.Root>
    );
  }
  const { templates, total, canEdit, canDelete, project } = props;
  if (templates.length === 0) {
    return (
      <EmptyState id="templates-empty-title" title="No Templates">
        {total
          ? "There are no templates on this page."
          : canEdit
            ? "Upload your first template document to share it with the project team."
            : "No template documents have been uploaded to this project yet."}
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="templates-title">
      <Heading as="h2" id="templates-title" size="5">
        Templates <span className="muted">({total})</span>
      </Heading>
      <ul className="card-grid">
        {templates.map((template) => (
          <TemplateCard key={template.id} template={template} projectId={project.id} canEdit={canEdit} canDelete={canDelete} />
        ))}
      </ul>
      <Pagination page={props.page} pageSize={props.pageSize} total={total} label="Templates" />
    </section>
  );
}
