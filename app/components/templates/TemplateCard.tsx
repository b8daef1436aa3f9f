import { Link } from "@remix-run/react";
import { Badge, Button, Card, Heading, Text } from "~/components/radix";
import { formatKilobytes } from "~/modules/document/file-types";
import type { TemplateJson } from "~/modules/template/template.server";

/** One template card (docs/records.md#templates): name, file, description, category, first 2 tags then +N, size in KB. */
export function TemplateCard({ template, projectId, canEdit, canDelete }: { template: TemplateJson; projectId: number; canEdit: boolean; canDelete: boolean }) {
  const shown = template.tags.slice(0, 2);
  const more = template.tags.length - shown.length;
  return (
    <Card asChild size="2" className="template-card">
      <li>
        <Heading as="h3" size="4">
          {template.templateName}
        </Heading>
        <Text as="p" color="gray">
          {template.originalFileName}
        </Text>
        <Text as="p">{template.templateDescription || "No description provided"}</Text>
        <p>
          <span className="visually-hidden">Category: </span>
          <Badge>{template.category || "Uncategorised"}</Badge>
        </p>
        {template.tags.length ? (
          <ul className="tag-list" aria-label="Tags">
            {shown.map((tag) => (
              <Badge asChild color="gray" key={tag}>
                <li>{tag}</li>
              </Badge>
            ))}
            {more > 0 ? (
              <Badge asChild color="gray">
                <li>
                  +{more}
                  <span className="visually-hidden"> more tags</span>
                </li>
              </Badge>
            ) : null}
          </ul>
        ) : null}
        <Text as="p" color="gray">
          {formatKilobytes(template.fileSize)}
        </Text>
        <ul className="button-row">
          <li>
            <Button asChild variant="outline">
              <a href={`/api/templates/${template.id}/download?projectId=${projectId}`} download={template.originalFileName}>
                Download<span className="visually-hidden"> {template.templateName}</span>
              </a>
            </Button>
          </li>
          {canEdit ? (
            <li>
              <Button asChild variant="outline" color="gray">
                <Link to={`?edit=${template.id}`} preventScrollReset>
                  Edit<span className="visually-hidden"> {template.templateName}</span>
                </Link>
              </Button>
            </li>
          ) : null}
          {canDelete ? (
            <li>
              <Button asChild variant="outline" color="red">
                <Link to={`?delete=${template.id}`} preventScrollReset>
                  Delete<span className="visually-hidden"> {template.templateName}</span>
                </Link>
              </Button>
            </li>
          ) : null}
        </ul>
      </li>
    </Card>
  );
}
