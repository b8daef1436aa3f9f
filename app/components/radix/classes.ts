/**
 * What Radix Themes' components compute from their props, for the props this app uses: class names
 * from size, variant, weight, gap and margin props, and its Slot's way of merging props into a child
 * (`asChild`). The components in this folder emit the same markup as Radix's own, which the stylesheet
 * (app/styles/radix.css) styles; docs/architecture.md#the-design-systems-markup-without-its-script says why they exist.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from "react";

export type Space = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** The accent colours app/styles/radix.css ships (postcss.config.cjs keeps only these). */
export type AccentColor = "gray" | "indigo" | "red" | "green" | "amber";

export interface MarginProps {
  m?: Space;
  mx?: Space;
  my?: Space;
  mt?: Space;
  mr?: Space;
  mb?: Space;
  ml?: Space;
}

/** Joins the truthy class names with single spaces (what the `classnames` package does for strings). */
export function cx(...names: (string | false | null | undefined)[]): string {
  let out = "";
  for (const name of names) if (name) out = out ? `${out} ${name}` : name;
  return out;
}

/** Radix's margin classes in its order (m, mx, my, mt, mr, mb, ml); removes the margin props from `props`. */
export function marginClasses(props: MarginProps & Record<string, unknown>): string {
  let out = "";
  for (const key of ["m", "mx", "my", "mt", "mr", "mb", "ml"] as const) {
    const value = props[key];
    if (key in props) delete props[key];
    if (value) out = cx(out, `rt-r-${key}-${value}`);
  }
  return out;
}

function concatIds(...values: unknown[]): string | undefined {
  const ids = new Set<string>();
  for (const value of values) if (typeof value === "string") for (const id of value.trim().split(/\s+/)) if (id) ids.add(id);
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}

/** Radix Slot's merge: the child's props win, except handlers (both run), style (merged), class names and aria-describedby (joined). */
function mergeProps(slotProps: Record<string, unknown>, childProps: Record<string, unknown>): Record<string, unknown> {
  const override: Record<string, unknown> = { ...childProps };
  for (const name in childProps) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === "function" && typeof childValue === "function")
        override[name] = (...args: unknown[]) => {
          const result = childValue(...args);
          slotValue(...args);
          return result;
        };
      else if (slotValue) override[name] = slotValue;
    } else if (name === "style") override[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "className") override[name] = [slotValue, childValue].filter(Boolean).join(" ");
    else if (name === "aria-describedby") override[name] = concatIds(childValue, slotValue);
  }
  return { ...slotProps, ...override };
}

/** `asChild`: renders the one child element with `slotProps` merged into its own (Radix's Slot). */
export function slot(children: ReactNode, slotProps: Record<string, unknown>, ref?: Ref<unknown>): ReactElement {
  const child = Children.only(children);
  if (!isValidElement<Record<string, unknown>>(child)) throw new Error("asChild needs a single element child");
  const merged = mergeProps(slotProps, child.props);
  const childRef = (child as unknown as { ref?: Ref<unknown> }).ref;
  if (ref || childRef) merged.ref = ref && childRef ? composeRefs(ref, childRef) : (ref ?? childRef);
  return cloneElement(child, merged);
}

/** One ref callback that sets every given ref. */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    }
  };
}
