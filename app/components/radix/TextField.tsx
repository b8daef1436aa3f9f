import { forwardRef, useRef, type InputHTMLAttributes, type PointerEvent, type TextareaHTMLAttributes } from "react";
import { composeRefs, cx, marginClasses, type AccentColor, type MarginProps } from "./classes";
import type { Variant } from "./variants";

type Size = "1" | "2" | "3";

export interface TextFieldRootProps extends MarginProps, Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "color"> {
  size?: Size;
  variant?: Variant<"TextField">;
  color?: AccentColor;
}

/**
 * Radix Themes' TextField.Root markup: the classes on a wrapping div, the input inside. A press on the
 * wrapper's padding puts the cursor in the input, as Radix's does.
 */
const Root = forwardRef<HTMLInputElement, TextFieldRootProps>(function TextFieldRoot(props, forwardedRef) {
  const input = useRef<HTMLInputElement | null>(null);
  const { size = "2", variant = "surface", color, className, style, children, ...rest } = props;
  const classes = cx("rt-TextFieldRoot", `rt-r-size-${size}`, `rt-variant-${variant}`, marginClasses(rest), className);
  const focusInput = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("input, button, a")) return;
    const element = input.current;
    if (element) requestAnimationFrame(() => element.focus());
  };
  return (
    <div data-accent-color={color} style={style} className={classes} onPointerDown={focusInput}>
      <input spellCheck="false" {...rest} ref={composeRefs(input, forwardedRef)} className="rt-reset rt-TextFieldInput" />
      {children}
    </div>
  );
});

export const TextField = { Root };

export interface TextAreaProps extends MarginProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "color"> {
  size?: Size;
  variant?: Variant<"TextArea">;
  color?: AccentColor;
}

/** Radix Themes' TextArea markup: `<div class="rt-TextAreaRoot …"><textarea class="rt-reset rt-TextAreaInput">`. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(props, ref) {
  const { size = "2", variant = "surface", color, className, style, ...rest } = props;
  const classes = cx("rt-TextAreaRoot", `rt-r-size-${size}`, `rt-variant-${variant}`, marginClasses(rest), className);
  return (
    <div data-accent-color={color} className={classes} style={style}>
      <textarea className="rt-reset rt-TextAreaInput" ref={ref} {...rest} />
    </div>
  );
});
