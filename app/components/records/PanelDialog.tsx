import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "@remix-run/react";

/**
 * The spec's modals as URL states (DESIGN §2): a labelled panel rendered by the server at the top of
 * the page, whose heading takes focus when it opens, with a Close link back to the list URL.
 */
export function PanelDialog({ id, title, closeTo, children, wide = false }: { id: string; title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const headingId = `${id}-title`;
  const heading = useRef<HTMLHeadingElement>(null);
  // autoFocus moves focus on a full page load; React ignores it on headings after a client-side
  // navigation, so focus the heading when the panel opens (or switches to another record).
  useEffect(() => {
    heading.current?.focus();
  }, [id, title]);
  return (
    <section id={id} className={`panel-dialog${wide ? " panel-dialog--wide" : ""}`} role="region" aria-labelledby={headingId}>
      <div className="panel-dialog__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} autoFocus>
          {title}
        </h2>
        <Link to={closeTo} className="button button--ghost" preventScrollReset>
          Close<span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}
