/**
 * The variants each component may be rendered in. The stylesheet keeps only these
 * (app/styles/radix-subset.cjs, USED_VARIANTS; radix.test.tsx keeps the two equal): add a variant in
 * both places before using it.
 */
export const VARIANTS = {
  Button: ["solid", "soft", "outline"],
  Card: ["surface"],
  Badge: ["soft", "solid"],
  Callout: ["soft", "surface"],
  TextField: ["surface"],
  TextArea: ["surface"],
} as const;

export type Variant<C extends keyof typeof VARIANTS> = (typeof VARIANTS)[C][number];
