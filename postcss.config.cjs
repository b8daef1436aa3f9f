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

module.exports = {
  plugins: [require("postcss-import"), require("postcss-nesting"), radixBreakpoints(), require("postcss-custom-media")],
};
