import type { FlashMessage } from "~/utils/flash";

/**
 * The one message region of the layout (the spec's toasts, one at a time). Errors use
 * role=alert, everything else role=status, so screen readers announce them once.
 */
export function FlashRegion({ flash }: { flash: FlashMessage | null }) {
  return (
    <div className="flash-region" role={flash?.kind === "error" ? "alert" : "status"} aria-live={flash?.kind === "error" ? "assertive" : "polite"}>
      {flash ? (
        <div className={`flash flash--${flash.kind}`}>
          <p className="flash__title">{flash.title}</p>
          {flash.description ? <p className="flash__description">{flash.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
