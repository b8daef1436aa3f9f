import { Callout } from "~/components/radix";
import type { FlashMessage } from "~/utils/flash";

const COLORS = { success: "green", error: "red", info: "indigo" } as const;

/**
 * The one message region of the layout (the spec's toasts, one at a time). Errors use
 * role=alert, everything else role=status, so screen readers announce them once.
 */
export function FlashRegion({ flash }: { flash: FlashMessage | null }) {
  return (
    <div className="flash-region" role={flash?.kind === "error" ? "alert" : "status"} aria-live={flash?.kind === "error" ? "assertive" : "polite"}>
      {flash ? (
        <Callout.Root color={COLORS[flash.kind]} variant="surface" className="flash">
          <Callout.Text weight="bold" className="flash__title">
            {flash.title}
          </Callout.Text>
          {flash.description ? <Callout.Text className="flash__description">{flash.description}</Callout.Text> : null}
        </Callout.Root>
      ) : null}
    </div>
  );
}
