/**
 * What of Radix Themes' stylesheet the app renders, read by postcss.config.cjs when it builds
 * app/styles/radix.css. Everything else is dropped at build time (docs/architecture.md#the-design-systems-markup-without-its-script).
 */

/** The Radix colours the app renders (Theme accent and gray, plus Badge and Callout colours). */
const USED_COLORS = ["indigo", "gray", "red", "green", "amber"];

/**
 * `@breakpoints` copies every size and layout rule once per breakpoint (`.md:rt-r-size-2` for
 * `size={{ md: "2" }}`), about 2 KB compressed per breakpoint. The app uses no responsive props (its
 * own CSS does the responsive layout), so only the copies for the breakpoints listed here ship.
 * Add a breakpoint here before using it in a responsive prop value.
 */
const USED_BREAKPOINTS = [];

/**
 * The variants each component is rendered in, by its class (`rt-BaseButton`, `rt-Card`, …): the
 * components' `variant` props allow exactly these (app/components/radix/variants.ts; a unit test keeps
 * the two equal). `rt-TableRoot` is written out by the kit's DataTable.
 */
const USED_VARIANTS = {
  BaseButton: ["solid", "soft", "outline"],
  Button: ["solid", "soft", "outline"],
  BaseCard: ["surface"],
  Card: ["surface"],
  Badge: ["soft", "solid"],
  CalloutRoot: ["soft", "surface"],
  TextFieldRoot: ["surface"],
  TextAreaRoot: ["surface"],
  TableRoot: ["surface"],
};

module.exports = { USED_COLORS, USED_BREAKPOINTS, USED_VARIANTS };
