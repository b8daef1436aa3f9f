import type { ComponentPropsWithoutRef, ReactNode } from "react";

/**
 * Radix Themes' table, rendered as plain elements with its classes. `Table.Root` wraps the table in
 * the ScrollArea primitive (client script, and importing the `Table` parts pulls it in too), so the
 * root and its parts are written out here; the styles are Radix's own (table.css).
 *
 * A table wider than its space scrolls inside its own region, which is labelled and takes keyboard
 * focus so the hidden columns can be reached with the arrow keys (WCAG 2.1.1, 1.4.10).
 */
export function DataTable({
  label,
  labelledBy,
  caption,
  className,
  children,
}: {
  /** The region's name when there is no visible heading to point at with `labelledBy`. */
  label?: string;
  labelledBy?: string;
  /** The table's caption; visually hidden when a heading already names it on screen. */
  caption?: { text: string; hidden?: boolean };
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll by keyboard
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className="rt-TableRoot rt-r-size-2 rt-variant-surface table-region">
      <table className={cx("rt-TableRootTable", className)}>
        {caption ? <caption className={caption.hidden ? "visually-hidden" : "table-region__caption"}>{caption.text}</caption> : null}
        {children}
      </table>
    </div>
  );
}

const cx = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(" ");

export function TableHeader({ className, ...props }: ComponentPropsWithoutRef<"thead">) {
  return <thead {...props} className={cx("rt-TableHeader", className)} />;
}

export function TableBody({ className, ...props }: ComponentPropsWithoutRef<"tbody">) {
  return <tbody {...props} className={cx("rt-TableBody", className)} />;
}

export function TableRow({ className, ...props }: ComponentPropsWithoutRef<"tr">) {
  return <tr {...props} className={cx("rt-TableRow", className)} />;
}

export function TableCell({ className, ...props }: ComponentPropsWithoutRef<"td">) {
  return <td {...props} className={cx("rt-TableCell", className)} />;
}

export function TableColumnHeaderCell({ className, ...props }: ComponentPropsWithoutRef<"th">) {
  return <th scope="col" {...props} className={cx("rt-TableCell rt-TableColumnHeaderCell", className)} />;
}

export function TableRowHeaderCell({ className, ...props }: ComponentPropsWithoutRef<"th">) {
  return <th scope="row" {...props} className={cx("rt-TableCell rt-TableRowHeaderCell", className)} />;
}
