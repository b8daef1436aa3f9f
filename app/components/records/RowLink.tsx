import type { ComponentPropsWithoutRef } from "react";

/**
 * A link repeated on every row of a list (a record's name, its Edit or View link). It renders a plain
 * <a> and the root's delegated handler (components/layout/client-navigation.ts) navigates to it in
 * the page like Remix's <Link> does; without JavaScript it is an ordinary link. A <Link> resolves its
 * target against the route tree several times while the page renders on the server (~10 µs each), which
 * a page of 25 rows with five links each paid on every request.
 */
export function RowLink({ to, preventScrollReset = false, children, ...props }: Omit<ComponentPropsWithoutRef<"a">, "href"> & { to: string; preventScrollReset?: boolean }) {
  return (
    <a {...props} href={to} data-client-nav={preventScrollReset ? "keep-scroll" : ""}>
      {children}
    </a>
  );
}
