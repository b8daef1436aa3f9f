import { forwardRef, type HTMLAttributes } from "react";
import { cx, marginClasses, slot, type MarginProps, type Space } from "./classes";

interface LayoutProps extends MarginProps, HTMLAttributes<HTMLElement> {
  as?: "div" | "span";
  asChild?: boolean;
  gap?: Space;
}

export interface FlexProps extends LayoutProps {
  direction?: "row" | "column" | "row-reverse" | "column-reverse";
  align?: "start" | "center" | "end" | "baseline" | "stretch";
  justify?: "start" | "center" | "end" | "between";
  wrap?: "nowrap" | "wrap" | "wrap-reverse";
}

/** Radix Themes' Flex markup: `rt-Flex` and a class per layout prop, in Radix's order. */
export const Flex = forwardRef<HTMLDivElement, FlexProps>(function Flex(props, ref) {
  const { as, asChild, direction, align, justify, wrap, gap, className, ...rest } = props;
  const classes = cx(
    "rt-Flex",
    direction && `rt-r-fd-${direction}`,
    align && `rt-r-ai-${align}`,
    justify && `rt-r-jc-${justify === "between" ? "space-between" : justify}`,
    wrap && `rt-r-fw-${wrap}`,
    gap && `rt-r-gap-${gap}`,
    marginClasses(rest),
    className,
  );
  return layout(as, asChild, { ...rest, className: classes }, ref);
});

/** Radix Themes' Grid markup (the gap prop; columns come from the app's own classes). */
export const Grid = forwardRef<HTMLDivElement, LayoutProps>(function Grid(props, ref) {
  const { as, asChild, gap, className, ...rest } = props;
  const classes = cx("rt-Grid", gap && `rt-r-gap-${gap}`, marginClasses(rest), className);
  return layout(as, asChild, { ...rest, className: classes }, ref);
});

/** Radix Themes' Box markup. */
export const Box = forwardRef<HTMLDivElement, Omit<LayoutProps, "gap">>(function Box(props, ref) {
  const { as, asChild, className, ...rest } = props;
  const classes = cx("rt-Box", marginClasses(rest), className);
  return layout(as, asChild, { ...rest, className: classes }, ref);
});

function layout(as: "div" | "span" = "div", asChild: boolean | undefined, props: HTMLAttributes<HTMLElement>, ref: unknown) {
  if (asChild) {
    const { children, ...own } = props;
    return slot(children, own, ref as never);
  }
  const Tag = as;
  return <Tag {...props} ref={ref as never} />;
}
