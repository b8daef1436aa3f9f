import { useState, type MouseEvent } from "react";
import { Button } from "~/components/radix";
import { attachmentFileName, saveBlob } from "~/utils/download";

interface DownloadLinkProps {
  href: string;
  fileName: string;
  label: string;
  /** The failure text for this kind of download (docs/help-centre.md#messages). */
  failure: string;
  /** Names the document for screen readers: "Download PDF" alone is ambiguous in a list of cards. */
  documentTitle: string;
  variant?: "solid" | "outline" | "soft";
}

/**
 * A download as a plain link, which without JavaScript the browser follows (the file arrives as an
 * attachment; a failure comes back as a message on the centre). With JavaScript the file is fetched
 * in place and a failure is said beside the link, in a live region.
 */
export function DownloadLink({ href, fileName, label, failure, documentTitle, variant = "outline" }: DownloadLinkProps) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === "busy") return;
    setState("busy");
    try {
      const response = await fetch(href, { headers: { Accept: "*/*" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), attachmentFileName(response.headers.get("content-disposition")) ?? fileName);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="doc-download">
      <Button asChild variant={variant}>
        <a href={href} onClick={download} aria-disabled={state === "busy" || undefined}>
          {state === "busy" ? "Preparing…" : label}
          <span className="visually-hidden"> of {documentTitle}</span>
        </a>
      </Button>
      <span role="alert" className="doc-download__error">
        {state === "failed" ? failure : ""}
      </span>
    </span>
  );
}
