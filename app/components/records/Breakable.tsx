import { Fragment } from "react";

/**
 * An email address or similar long token with line-break opportunities (<wbr>) after "@" and "/"
 * and before each ".", so a card too narrow for it breaks at those points instead of mid-word
 * (or overflowing). Text without such points renders as it is.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@/])|(?=\.)/);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
