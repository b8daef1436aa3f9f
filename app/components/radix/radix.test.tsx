/**
 * The components in this folder must render exactly what Radix Themes' own render for the same props,
 * so that Radix's stylesheet styles them the same. Each case below is a combination the app uses.
 */
import type { ComponentType, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as Radix from "@radix-ui/themes";
import * as Ours from "./index";
import { VARIANTS } from "./variants";

type Case = [props: Record<string, unknown>, children?: ReactNode];

function same(name: string, ours: unknown, theirs: unknown, cases: Case[]) {
  describe(name, () => {
    it.each(cases.map((c, i) => [i, ...c] as const))("case %i renders Radix's markup", (_i, props, children = "Content") => {
      const Mine = ours as ComponentType<Record<string, unknown>>;
      const Radixs = theirs as ComponentType<Record<string, unknown>>;
      const expected = renderToStaticMarkup(<Radixs {...props}>{children}</Radixs>);
      expect(renderToStaticMarkup(<Mine {...props}>{children}</Mine>)).toBe(expected);
    });
  });
}

const link = <a href="/somewhere">Go</a>;

same("Button", Ours.Button, Radix.Button, [
  [{}],
  [{ variant: "outline" }],
  [{ variant: "outline", color: "gray", type: "submit" }],
  [{ type: "submit", name: "intent", value: "save", size: "3" }],
  [{ variant: "soft", size: "1", "aria-label": "Remove" }],
  [{ color: "red", variant: "outline", disabled: true, "aria-describedby": "why" }],
  [{ variant: "soft", size: "4", mt: "2", "data-focus-id": "x", type: "button", formMethod: "get" }],
  [{ asChild: true, variant: "outline", color: "gray" }, link],
  [
    { asChild: true },
    <a key="a" href="/x" className="own" aria-describedby="hint">
      Go
    </a>,
  ],
]);

same("Text", Ours.Text, Radix.Text, [
  [{}],
  [{ as: "p" }],
  [{ as: "p", color: "gray", size: "2" }],
  [{ weight: "bold", as: "span" }],
  [{ as: "label", htmlFor: "field-x", className: "field__label" }],
  [{ as: "p", mb: "2", id: "hint", className: "field__hint" }],
  [{ as: "p", role: "status", color: "red", className: "field__error" }],
  [{ as: "p", size: "6", weight: "medium", mt: "2", mb: "0" }],
  [{ as: "div", color: "amber", "aria-hidden": "true", tabIndex: -1 }],
  [{ asChild: true, size: "2", color: "gray" }, <span key="s">Label</span>],
]);

same("Heading", Ours.Heading, Radix.Heading, [
  [{}],
  [{ as: "h2", size: "5" }],
  [{ as: "h3", size: "4", mb: "2", id: "section-title" }],
  [{ as: "h2", color: "red", tabIndex: -1, className: "groups-summary" }],
  [{ as: "h1", size: "8" }],
  [{ as: "h4", size: "2", mb: "3" }],
]);

same("Flex", Ours.Flex, Radix.Flex, [
  [{}],
  [{ wrap: "wrap", gap: "2" }],
  [{ gap: "3", align: "center", className: "button-row" }],
  [{ justify: "between", align: "end", mt: "3" }],
  [{ direction: "column", gap: "1", justify: "center", align: "start", mb: "2", id: "x", tabIndex: -1 }],
]);

same("Grid", Ours.Grid, Radix.Grid, [[{ className: "grid--2", gap: "4" }], [{ gap: "3" }], [{}]]);
same("Box", Ours.Box, Radix.Box, [[{}], [{ className: "x", mt: "4" }]]);

same("Card", Ours.Card, Radix.Card, [
  [{}],
  [{ size: "3" }],
  [{ size: "2", className: "interaction" }],
  [
    { asChild: true, size: "3", className: "danger-zone" },
    <section key="s" aria-labelledby="t">
      Body
    </section>,
  ],
  [{ asChild: true, className: "stat" }, <li key="l">Tile</li>],
]);

same("Badge", Ours.Badge, Radix.Badge, [
  [{}],
  [{ color: "green", variant: "soft" }],
  [{ color: "gray" }],
  [{ size: "2", color: "red" }],
  [{ title: "Signed in with single sign-on", color: "indigo" }],
  [
    { asChild: true, color: "gray" },
    <a key="a" href="/documents?category=x">
      Category
    </a>,
  ],
]);

describe("Callout", () => {
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [{ color: "amber", role: "note" }, {}],
    [
      { color: "red", size: "3", variant: "surface", mb: "3", className: "flash", role: "alert" },
      { weight: "bold", className: "flash__title" },
    ],
    [{ color: "green", size: "2", role: "status" }, { className: "flash__description" }],
    [{ size: "1" }, { as: "div" }],
  ];
  it.each(cases)("renders Radix's markup for %o", (root, text) => {
    const render = (C: typeof Ours.Callout | typeof Radix.Callout) => {
      const Root = C.Root as ComponentType<Record<string, unknown>>;
      const Text = C.Text as ComponentType<Record<string, unknown>>;
      return renderToStaticMarkup(
        <Root {...root}>
          <Text {...text}>Message</Text>
        </Root>,
      );
    };
    expect(render(Ours.Callout)).toBe(render(Radix.Callout));
  });

  it("outside a callout, its text has no size of its own (as Radix's)", () => {
    expect(renderToStaticMarkup(<Ours.Callout.Text>Alone</Ours.Callout.Text>)).toBe(renderToStaticMarkup(<Radix.Callout.Text>Alone</Radix.Callout.Text>));
  });

  it("with asChild, puts the callout's classes on the child (Radix's loses them on its context provider)", () => {
    const html = renderToStaticMarkup(
      <Ours.Callout.Root asChild color="amber" size="3" className="notice-panel">
        <section aria-labelledby="t">
          <Ours.Callout.Text>Pick a project</Ours.Callout.Text>
        </section>
      </Ours.Callout.Root>,
    );
    expect(html).toBe(
      '<section aria-labelledby="t" data-accent-color="amber" class="rt-CalloutRoot rt-r-size-3 rt-variant-soft notice-panel"><p class="rt-Text rt-r-size-3 rt-CalloutText">Pick a project</p></section>',
    );
    const radix = renderToStaticMarkup(
      <Radix.Callout.Root asChild color="amber" size="3" className="notice-panel">
        <section aria-labelledby="t">Pick a project</section>
      </Radix.Callout.Root>,
    );
    expect(radix).toBe('<section aria-labelledby="t">Pick a project</section>');
  });
});

describe("DataList", () => {
  const cases: Record<string, unknown>[] = [{}, { size: "2" }, { orientation: "vertical", className: "import-counts", "aria-label": "Counts" }];
  it.each(cases)("renders Radix's markup for %o", (root) => {
    const render = (D: typeof Ours.DataList | typeof Radix.DataList) => {
      const Root = D.Root as ComponentType<Record<string, unknown>>;
      return renderToStaticMarkup(
        <Root {...root}>
          <D.Item>
            <D.Label>Rows</D.Label>
            <D.Value className="count">12</D.Value>
          </D.Item>
          <D.Item key="k">
            <D.Label>Skipped</D.Label>
            <D.Value>0</D.Value>
          </D.Item>
        </Root>,
      );
    };
    expect(render(Ours.DataList)).toBe(render(Radix.DataList));
  });
});

same("TextField.Root", Ours.TextField.Root, Radix.TextField.Root, [
  [{ id: "f", name: "from", type: "date", defaultValue: "2026-01-02", size: "3", className: "field__control", "aria-describedby": "f-hint" }, null],
  [{ id: "s", name: "search", type: "search", defaultValue: "", maxLength: 200 }, null],
  [{ id: "e", name: "email", color: "red", "aria-invalid": true, autoComplete: "email", spellCheck: false, "aria-required": true }, null],
]);

same("TextArea", Ours.TextArea, Radix.TextArea, [
  [{ id: "n", name: "notes", rows: 4, defaultValue: "Some notes", maxLength: 2000, size: "3", className: "field__control" }, null],
  [{ id: "n", name: "notes", color: "red", "aria-invalid": true, "aria-describedby": "n-error" }, null],
]);

describe("the stylesheet's variants", () => {
  it("are the variants the components allow (app/styles/radix-subset.cjs)", async () => {
    const { USED_VARIANTS } = (await import("~/styles/radix-subset.cjs")) as unknown as { USED_VARIANTS: Record<string, string[]> };
    const byClass: Record<string, keyof typeof VARIANTS> = {
      BaseButton: "Button",
      Button: "Button",
      BaseCard: "Card",
      Card: "Card",
      Badge: "Badge",
      CalloutRoot: "Callout",
      TextFieldRoot: "TextField",
      TextAreaRoot: "TextArea",
    };
    for (const [className, component] of Object.entries(byClass)) expect([className, USED_VARIANTS[className]]).toEqual([className, [...VARIANTS[component]]]);
    // The kit's DataTable writes rt-TableRoot rt-variant-surface itself.
    expect(USED_VARIANTS.TableRoot).toEqual(["surface"]);
    expect(Object.keys(USED_VARIANTS).sort()).toEqual([...Object.keys(byClass), "TableRoot"].sort());
  });
});
