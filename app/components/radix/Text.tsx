import { forwardRef, type HTMLAttributes, type LabelHTMLAttributes } from "react";
import { cx, marginClasses, slot, type AccentColor, type MarginProps } from "./classes";

type Size = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Weight = "light" | "regular" | "medium" | "bold";

interface TypographyProps extends MarginProps {
  asChild?: boolean;
  size?: Size;
  weight?: Weight;
  color?: AccentColor;
  highContrast?: boolean;
}

export interface TextProps extends TypographyProps, Omit<HTMLAttributes<HTMLElement>, "color">, Pick<LabelHTMLAttributes<HTMLLabelElement>, "htmlFor"> {
  as?: "span" | "div" | "label" | "p";
}

export interface HeadingProps extends TypographyProps, Omit<HTMLAttributes<HTMLHeadingElement>, "color"> {
  as?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
}

/** Radix Themes' Text markup: `<span class="rt-Text rt-r-size-2">`, the colour as data-accent-color. */
export const Text = forwardRef<HTMLElement, TextProps>(function Text(props, ref) {
  const { as: Tag = "span", ...rest } = props;
  return typography("rt-Text", Tag, rest, undefined, ref);
});

/** Radix Themes' Heading markup: `<h1 class="rt-Heading rt-r-size-6">` unless told otherwise. */
export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(function Heading(props, ref) {
  const { as: Tag = "h1", ...rest } = props;
  return typography("rt-Heading", Tag, rest, "6", ref);
});

function typography(base: string, Tag: string, props: TypographyProps & Omit<HTMLAttributes<HTMLElement>, "color">, defaultSize: Size | undefined, ref: unknown) {
  const { asChild, size = defaultSize, weight, color, highContrast, className, children, ...rest } = props;
  const classes = cx(base, size && `rt-r-size-${size}`, weight && `rt-r-weight-${weight}`, highContrast && "rt-high-contrast", marginClasses(rest), className);
  const own = { "data-accent-color": color, ...rest, className: classes };
  if (asChild) return slot(children, own, ref as never);
  const Element = Tag as "span";
  return (
    <Element {...own} ref={ref as never}>
      {children}
    </Element>
  );
}
