import { Link } from "@remix-run/react";
import { Badge, Card, Heading, Text, Button } from "~/components/radix";
import { DOC_MESSAGES, downloadFileName, downloadUrl, RESTRICTED_NOTE, viewerUrl, type DocumentEntry } from "~/modules/help-centre/catalogue";
import { DownloadLink } from "./DownloadLink";

export type DocumentCardEntry = DocumentEntry & { available: boolean };

/**
 * One document of the centre. A document the role may not open is shown faded, with no links, and
 * says why (docs/help-centre.md#documents); the Download Center adds the offline HTML copy to View Online and the PDF and Word files.
 */
export function DocumentCard({ doc, tab }: { doc: DocumentCardEntry; tab: "overview" | "downloads" }) {
  const headingId = `doc-${doc.docType}`;
  return (
    <Card asChild size="2" className={doc.available ? "doc-card" : "doc-card doc-card--unavailable"}>
      <li>
        <Heading as="h2" size="4" id={headingId}>
          {doc.title}
        </Heading>
        {doc.restricted ? (
          <p>
            <Badge color={doc.available ? "indigo" : "gray"}>System Admin only</Badge>
          </p>
        ) : null}
        <Text as="p">{doc.description}</Text>
        {doc.available ? (
          <ul className="button-row">
            <li>
              <Button asChild>
                <Link to={viewerUrl(doc.docType)}>
                  View Online<span className="visually-hidden"> {doc.title}</span>
                </Link>
              </Button>
            </li>
            <li>
              <DownloadLink
                href={downloadUrl(doc.docType, "pdf")}
                fileName={downloadFileName(doc.docType, "pdf")}
                label="Download PDF"
                failure={DOC_MESSAGES.downloadFailed}
                documentTitle={doc.title}
              />
            </li>
            {doc.hasWord ? (
              <li>
                <DownloadLink
                  href={downloadUrl(doc.docType, "word")}
                  fileName={downloadFileName(doc.docType, "word")}
                  label="Download Word Document"
                  failure={DOC_MESSAGES.wordFailed}
                  documentTitle={doc.title}
                />
              </li>
            ) : null}
            {tab === "downloads" ? (
              <li>
                <DownloadLink
                  href={downloadUrl(doc.docType, "html")}
                  fileName={downloadFileName(doc.docType, "html")}
                  label="Download HTML (offline copy)"
                  failure={DOC_MESSAGES.downloadFailed}
                  documentTitle={doc.title}
                />
              </li>
            ) : null}
          </ul>
        ) : (
          <Text as="p" weight="bold" className="doc-card__note">
            {RESTRICTED_NOTE}
          </Text>
        )}
      </li>
    </Card>
  );
}
