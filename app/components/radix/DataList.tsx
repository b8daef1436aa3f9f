import { forwardRef, type HTMLAttributes } from "react";
import { cx, marginClasses, type AccentColor, type MarginProps } from "./classes";

export interface DataListRootProps extends MarginProps, HTMLAttributes<HTMLDListElement> {
  orientation?: "horizontal" | "vertical";
  size?: "1" | "2" | "3";
}

/** Radix Themes' DataList.Root markup: `<dl class="rt-Text rt-DataListRoot rt-r-orientation-horizontal rt-r-size-2">`. */
const Root = forwardRef<HTMLDListElement, DataListRootProps>(function DataListRoot(props, ref) {
  const { orientation = "horizontal", size = "2", className, ...rest } = props;
  const classes = cx("rt-Text", "rt-DataListRoot", `rt-r-orientation-${orientation}`, `rt-r-size-${size}`, marginClasses(rest), className);
  return <dl {...rest} ref={ref} className={classes} />;
});

const Item = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function DataListItem({ className, ...props }, ref) {
  return <div {...props} ref={ref} className={cx("rt-DataListItem", className)} />;
});

const Label = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { color?: AccentColor }>(function DataListLabel({ className, color, ...props }, ref) {
  return <dt {...props} data-accent-color={color} ref={ref} className={cx("rt-DataListLabel", className)} />;
});

/** The value's own class comes after the caller's, as in Radix. */
const Value = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function DataListValue({ className, ...props }, ref) {
  return <dd {...props} ref={ref} className={cx(className, "rt-DataListValue")} />;
});

export const DataList = { Root, Item, Label, Value };
