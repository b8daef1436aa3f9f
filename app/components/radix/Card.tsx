import { forwardRef, type HTMLAttributes } from "react";
import { cx, marginClasses, slot, type MarginProps } from "./classes";
import type { Variant } from "./variants";

export interface CardProps extends MarginProps, Omit<HTMLAttributes<HTMLDivElement>, "color"> {
  asChild?: boolean;
  size?: "1" | "2" | "3" | "4" | "5";
  variant?: Variant<"Card">;
}

/** Radix Themes' Card markup: `rt-reset rt-BaseCard rt-Card rt-r-size-1 rt-variant-surface`. */
export const Card = forwardRef<HTMLDivElement, CardProps>(function Card(props, ref) {
  const { asChild, size = "1", variant = "surface", className, ...rest } = props;
  const classes = cx("rt-reset", "rt-BaseCard", "rt-Card", `rt-r-size-${size}`, `rt-variant-${variant}`, marginClasses(rest), className);
  const own = { ...rest, className: classes };
  if (asChild) {
    const { children, ...slotProps } = own;
    return slot(children, slotProps, ref);
  }
  return <div ref={ref} {...own} />;
});
