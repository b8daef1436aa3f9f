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

/** The Radix colours the app renders (Theme accent and gray, plus Badge and Callout colours). */
const USED_COLORS = new Set(["indigo", "gray", "red", "green", "amber"]);
const COLOR_ATTRIBUTE = /\[data-(?:accent|gray)-color=['"]?([a-z]+)['"]?\]/g;

/**
 * `@breakpoints` copies every size and layout rule once per breakpoint (`.md:rt-r-size-2` for
 * `size={{ md: "2" }}`), about 2 KB compressed per breakpoint. The app uses no responsive props (its
 * own CSS does the responsive layout), so only the copies for the breakpoints listed here ship.
 * Add a breakpoint here before using it in a responsive prop value.
 */
const USED_BREAKPOINTS = new Set([]);
const BREAKPOINT_CLASS = /\.(xs|sm|md|lg|xl)\\:/g;

/**
 * The package's token files carry a mapping for each of its 30 colours and a dark appearance for
 * everything, and its components a copy of their rules per breakpoint. The app is light only, uses
 * a few colours and no responsive props, so drop the rest from Radix's files.
 */
function dropUnusedRadixRules() {
  const unused = (selector) =>
    /(^|[\s(,]):?is\(\.dark|(^|[\s(,])\.dark(-theme)?\b/.test(selector) ||
    [...selector.matchAll(COLOR_ATTRIBUTE)].some(([, color]) => color && !USED_COLORS.has(color)) ||
    [...selector.matchAll(BREAKPOINT_CLASS)].some(([, breakpoint]) => !USED_BREAKPOINTS.has(breakpoint));
  return {
    postcssPlugin: "drop-unused-radix-rules",
    OnceExit(root) {
      root.walkRules((rule) => {
        if (!rule.source?.input.file?.includes("@radix-ui/themes")) return;
        const kept = rule.selectors.filter((selector) => !unused(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
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
