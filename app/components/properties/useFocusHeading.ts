import { useEffect } from "react";

/**
 * Moves focus to a panel's heading when it opens after a client-side navigation (autoFocus only
 * covers the server-rendered page). `key` changes when another record's panel opens.
 */
export function useFocusHeading(panelId: string, key: string | number) {
  useEffect(() => {
    document.getElementById(`${panelId}-title`)?.focus();
  }, [panelId, key]);
}
