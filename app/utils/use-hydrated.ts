import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React has hydrated in the browser, then true: what a
 * component renders for "JavaScript is running" (hide a no-JavaScript button, act in place).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
