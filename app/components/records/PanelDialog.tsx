import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/**
 * The spec's modals as URL states (DESIGN §2): a labelled panel rendered by the server at the top of
 * the page, whose heading takes focus when it opens, with a Close link back to the list URL.
 */
export function PanelDialog({ id, title, closeTo, children, wide = false }: { id: string; title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className={`panel-dialog${wide ? " panel-dialog--wide" : ""}`} role="region" aria-labelledby={headingId}>
      <div className="panel-dialog__header">
        <h2 id={headingId} tabIndex={-1} autoFocus>
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
