import type { ReactNode } from "react";
import { DataList } from "~/components/radix";

/**
 * A record's fields as a Radix data list, each label above its value; app.css sets the items in
 * columns where the screen is wide enough (a responsive `orientation` would ship Radix's CSS for a
 * whole breakpoint).
 */
export function FieldList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <DataList.Root size="2" orientation="vertical" className={className ? `field-list ${className}` : "field-list"}>
      {children}
    </DataList.Root>
  );
}

/** One field; an empty value shows `empty` ("Not recorded", "Not provided") instead of nothing. */
export function FieldRow({ label, children, empty = "Not recorded", className }: { label: string; children: ReactNode; empty?: string; className?: string }) {
  const blank = children === null || children === undefined || children === "" || children === false;
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value className={className}>{blank ? <span className="muted">{empty}</span> : children}</DataList.Value>
    </DataList.Item>
  );
}
