/**
 * The build's cut of Radix's stylesheet (postcss.config.cjs, app/styles/radix-subset.cjs) drops only what
 * the app cannot render: it never leaves a `var()` without a fallback undeclared when it had a declaration.
 */
import fs from "node:fs";
import path from "node:path";
import postcss, { type AcceptedPlugin, type Root } from "postcss";
import config from "../../postcss.config.cjs";

const APP_CSS = path.join(__dirname, "app.css");
const plugins = (config as { plugins: AcceptedPlugin[] }).plugins;

async function build(withCut: boolean): Promise<Root> {
  // The cut is the last plugin; without it the stylesheet is Radix's per-component sources, unfiltered.
  const result = await postcss(withCut ? plugins : plugins.slice(0, -1)).process(fs.readFileSync(APP_CSS, "utf8"), { from: APP_CSS });
  return result.root;
}

/** Custom properties read by a `var()` without a fallback that nothing declares. */
function undeclared(root: Root): Set<string> {
  const declared = new Set<string>();
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--")) declared.add(decl.prop);
    for (const [, name, fallback] of decl.value.matchAll(/var\(\s*(--[A-Za-z0-9_-]+)\s*(,)?/g)) if (!fallback) read.add(name);
  });
  return new Set([...read].filter((name) => !declared.has(name)));
}

describe("Radix's stylesheet, cut to what the app renders", () => {
  let full: Root;
  let cut: Root;
  beforeAll(async () => {
    [full, cut] = await Promise.all([build(false), build(true)]);
  }, 60_000);

  it("leaves no var() without a fallback undeclared that the full stylesheet declared", () => {
    const missingBefore = undeclared(full);
    expect([...undeclared(cut)].filter((name) => !missingBefore.has(name))).toEqual([]);
  });

  it("keeps the used variants, colours and tokens and drops the rest", () => {
    const css = cut.toString();
    expect(css).toContain(".rt-BaseButton:where(.rt-variant-outline)");
    expect(css).toContain(".rt-Badge:where(.rt-variant-solid)");
    expect(css).toContain("--accent-9");
    expect(css).toContain("[data-accent-color='amber']");
    expect(css).not.toContain("rt-variant-classic");
    // A rule for several variants, some used (`:where(.rt-variant-soft,.rt-variant-ghost)`), stays whole.
    expect(css).not.toContain(":where(.rt-variant-ghost)");
    expect(css).not.toContain("crimson");
    expect(full.toString()).toContain("crimson");
    expect(css).not.toContain("display-p3");
    expect(css).not.toMatch(/\.dark\b/);
    expect(full.toString()).toContain("rt-variant-classic");
  });

  it("is smaller by what it drops", () => {
    expect(cut.toString().length).toBeLessThan(full.toString().length * 0.8);
  });
});

describe("what the cut keeps for every button", () => {
  it("keeps the rules for all variants but one (`:not(.rt-variant-ghost)`) and the size tokens they read", async () => {
    const css = (await build(true)).toString();
    expect(css).toMatch(/\.rt-BaseButton:where\(:not\(\.rt-variant-ghost\)\)/);
    expect(css).toContain("--base-button-height:");
  });
});
