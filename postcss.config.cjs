/**
 * Remix's classic compiler runs PostCSS on every CSS file when this config exists. The plugins are the
 * ones Radix Themes builds its own stylesheet with, so app/styles/radix.css can assemble a subset of
 * the package's per-component sources (nested CSS with a custom `@breakpoints` at-rule) instead of
 * shipping the whole 29 KB `components.css`. For plain CSS files they change nothing.
 */
const path = require("node:path");

/**
 * The package's own `@breakpoints` plugin reads `./src/styles/breakpoints.css` relative to the working
 * directory when it is loaded, so load it from inside the package directory.
 */
function radixBreakpoints() {
  const packageDir = path.dirname(require.resolve("@radix-ui/themes/package.json"));
  const cwd = process.cwd();
  process.chdir(packageDir);
  try {
    return require("@radix-ui/themes/postcss-breakpoints.cjs");
  } finally {
    process.chdir(cwd);
  }
}

const fs = require("node:fs");
const { USED_COLORS, USED_BREAKPOINTS, USED_VARIANTS } = require("./app/styles/radix-subset.cjs");

const COLOR_ATTRIBUTE = /\[data-(?:accent|gray)-color=['"]?([a-z]+)['"]?\]/g;
const BREAKPOINT_CLASS = /\.(xs|sm|md|lg|xl)\\:/g;
/** `.rt-BaseButton.rt-variant-ghost`, `.rt-Card:where(.rt-variant-classic)`: a component's class, then a variant class. */
const COMPONENT_VARIANT = /\.rt-([A-Za-z]+)[^\s,>+~]*?\.rt-variant-([a-z]+)/g;
const VAR_REFERENCE = /var\(\s*(--[A-Za-z0-9_-]+)/g;

/**
 * Every custom property a `var()` names in the app's own stylesheets and components (read once per build).
 * Only app/: public/ holds the previous build's output, which would keep what the last cut kept.
 */
function customPropertiesTheAppReads() {
  const names = new Set();
  const read = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) read(file);
      else if (/\.(css|tsx?)$/.test(entry.name)) for (const [, name] of fs.readFileSync(file, "utf8").matchAll(VAR_REFERENCE)) names.add(name);
    }
  };
  read(path.join(__dirname, "app"));
  return names;
}

/**
 * Radix's files carry far more than the app renders. From them this drops:
 * - the dark appearance, the colours not in USED_COLORS and the breakpoint copies not in USED_BREAKPOINTS;
 * - each component's rules for variants not in USED_VARIANTS (`.rt-BaseButton.rt-variant-classic`);
 * - the wide-gamut (display-p3) colour values: every colour keeps its sRGB value, which is what the
 *   light theme shows on most screens anyway;
 * - custom properties that nothing reads: not this stylesheet once the rest is dropped, nor any stylesheet or
 *   component of the app (a token feeding only dropped rules goes too).
 * Together about 3 KB compressed of the first visit's 14 KB stylesheet (docs/architecture.md#the-design-systems-markup-without-its-script).
 */
function dropUnusedRadixRules() {
  const colors = new Set(USED_COLORS);
  const breakpoints = new Set(USED_BREAKPOINTS);
  const unused = (selector) =>
    /(^|[\s(,]):?is\(\.dark|(^|[\s(,])\.dark(-theme)?\b/.test(selector) ||
    [...selector.matchAll(COLOR_ATTRIBUTE)].some(([, color]) => color && !colors.has(color)) ||
    [...selector.matchAll(BREAKPOINT_CLASS)].some(([, breakpoint]) => !breakpoints.has(breakpoint)) ||
    // `:not(.rt-variant-ghost)` is every variant but one: only variants a selector requires count.
    [...selector.replace(/:not\([^()]*\)/g, "").matchAll(COMPONENT_VARIANT)].some(([, component, variant]) => USED_VARIANTS[component] && !USED_VARIANTS[component].includes(variant));
  const fromRadix = (node) => node.source?.input.file?.includes("@radix-ui/themes");
  return {
    postcssPlugin: "drop-unused-radix-rules",
    OnceExit(root) {
      let radix = false;
      root.walkRules((rule) => {
        if (!fromRadix(rule)) return;
        radix = true;
        const kept = rule.selectors.filter((selector) => !unused(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      if (!radix) return;
      root.walkAtRules("supports", (atRule) => {
        if (fromRadix(atRule) && atRule.params.includes("display-p3")) atRule.remove();
      });
      const readByApp = customPropertiesTheAppReads();
      for (let dropped = true; dropped;) {
        const read = new Set(readByApp);
        root.walkDecls((decl) => {
          for (const [, name] of decl.value.matchAll(VAR_REFERENCE)) read.add(name);
        });
        dropped = false;
        root.walkDecls((decl) => {
          if (decl.prop.startsWith("--") && fromRadix(decl) && !read.has(decl.prop)) {
            decl.remove();
            dropped = true;
          }
        });
      }
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
}
dropUnusedRadixRules.postcss = true;

module.exports = {
  plugins: [require("postcss-import"), require("postcss-nesting"), radixBreakpoints(), require("postcss-custom-media"), dropUnusedRadixRules()],
};
