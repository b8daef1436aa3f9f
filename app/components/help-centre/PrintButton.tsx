import { useState } from "react";
import { Link } from "@remix-run/react";
import { Button } from "~/components/radix";
import { DOC_MESSAGES } from "~/modules/help-centre/catalogue";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Print to PDF: with JavaScript it opens the browser's print dialog (where "Save as PDF" is offered);
 * without, it leads to the print view (`?print=true`), which the browser's own Print command prints.
 */
export function PrintButton() {
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  return (
    <span className="doc-download">
      {hydrated ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            try {
              setFailed(false);
              window.print();
            } catch {
              setFailed(true);
            }
          }}
        >
          Print to PDF
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to="?print=true">Print to PDF</Link>
        </Button>
      )}
      <span role="alert" className="doc-download__error">
        {failed ? DOC_MESSAGES.printFailed : ""}
      </span>
    </span>
  );
}
