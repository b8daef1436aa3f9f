import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx, marginClasses, slot, type AccentColor, type MarginProps } from "./classes";
import type { Variant } from "./variants";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, MarginProps {
  asChild?: boolean;
  size?: "1" | "2" | "3" | "4";
  variant?: Variant<"Button">;
  color?: AccentColor;
  highContrast?: boolean;
  [dataAttribute: `data-${string}`]: unknown;
}

/** Radix Themes' Button markup: `rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-Button`. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const { asChild, size = "2", variant = "solid", color = "", highContrast, className, children, disabled, ...rest } = props;
  const classes = cx("rt-reset", "rt-BaseButton", `rt-r-size-${size}`, `rt-variant-${variant}`, highContrast && "rt-high-contrast", marginClasses(rest), "rt-Button", className);
  const own = { "data-disabled": disabled || undefined, "data-accent-color": color, ...rest, className: classes, disabled };
  if (asChild) return slot(children, own, ref);
  return (
    <button {...own} ref={ref}>
      {children}
    </button>
  );
});
