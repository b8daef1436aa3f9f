import { createContext, forwardRef, useContext, type HTMLAttributes } from "react";
import { cx, marginClasses, slot, type AccentColor, type MarginProps } from "./classes";
import { Text, type TextProps } from "./Text";
import type { Variant } from "./variants";

type Size = "1" | "2" | "3";
/** The enclosing callout's size, which sets its text's (none outside a callout). */
const CalloutSize = createContext<Size | undefined>(undefined);

export interface CalloutRootProps extends MarginProps, Omit<HTMLAttributes<HTMLDivElement>, "color"> {
  asChild?: boolean;
  size?: Size;
  variant?: Variant<"Callout">;
  color?: AccentColor;
  highContrast?: boolean;
}

/** Radix Themes' Callout.Root markup: `<div data-accent-color class="rt-CalloutRoot rt-r-size-2 rt-variant-soft">`. */
const Root = forwardRef<HTMLDivElement, CalloutRootProps>(function CalloutRoot(props, ref) {
  const { asChild, size = "2", variant = "soft", color = "", highContrast, className, children, ...rest } = props;
  const classes = cx("rt-CalloutRoot", `rt-r-size-${size}`, `rt-variant-${variant}`, highContrast && "rt-high-contrast", marginClasses(rest), className);
  const own = { "data-accent-color": color, ...rest, className: classes };
  // With asChild the classes go on the child element. (Radix's own Callout slots them onto its context
  // provider, where they are lost: the callout rendered unstyled.)
  const element = asChild ? (
    slot(children, own, ref)
  ) : (
    <div {...own} ref={ref}>
      {children}
    </div>
  );
  return <CalloutSize.Provider value={size}>{element}</CalloutSize.Provider>;
});

/** Radix Themes' Callout.Text: a paragraph of Text, size 2 (3 in a size 3 callout). */
const CalloutText = forwardRef<HTMLElement, TextProps>(function CalloutText({ className, ...props }, ref) {
  const callout = useContext(CalloutSize);
  const size = callout === undefined ? undefined : callout === "3" ? "3" : "2";
  return <Text as="p" size={size} {...props} asChild={false} ref={ref} className={cx("rt-CalloutText", className)} />;
});

export const Callout = { Root, Text: CalloutText };
