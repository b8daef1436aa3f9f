import { forwardRef, type HTMLAttributes } from "react";
import { cx, marginClasses, slot, type AccentColor, type MarginProps } from "./classes";
import type { Variant } from "./variants";

export interface BadgeProps extends MarginProps, Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  asChild?: boolean;
  size?: "1" | "2" | "3";
  variant?: Variant<"Badge">;
  color?: AccentColor;
  highContrast?: boolean;
}

/** Radix Themes' Badge markup: `<span data-accent-color class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">`. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  const { asChild, size = "1", variant = "soft", color = "", highContrast, className, ...rest } = props;
  const classes = cx("rt-reset", "rt-Badge", `rt-r-size-${size}`, `rt-variant-${variant}`, highContrast && "rt-high-contrast", marginClasses(rest), className);
  if (asChild) {
    const { children, ...own } = rest;
    return slot(children, { "data-accent-color": color, ...own, className: classes }, ref);
  }
  return <span data-accent-color={color} {...rest} ref={ref} className={classes} />;
});
