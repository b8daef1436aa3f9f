/**
 * Lets a page paint before its scripts download (docs/architecture.md#scripts-after-styles).
 *
 * Remix ends the body with `<link rel="modulepreload">` for every script the page hydrates with, then a
 * classic script holding the loader data (`window.__remixContext = …`), then a module script that imports
 * the route modules. The preloads start at once, and on a slow link they share the bandwidth with the
 * stylesheet the first paint waits for (~90 KB of script against ~14 KB of CSS). The data script, being a
 * classic script after the stylesheet, is held by the browser until the stylesheet has loaded; the module
 * script after it is not reached before then either. So the preloads are written inert
 * (`rel="x-modulepreload"`, which no browser fetches) and the data script turns them back on when it runs:
 * the first paint gets the stylesheet alone, the scripts follow right after it, and a browser without
 * JavaScript fetches no script at all.
 *
 * The markup keeps its elements (only an attribute and the data script's text change), so React's
 * hydration finds the tree it rendered; Remix removes these elements once hydrated.
 */

const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link rel="x-modulepreload"';
const CONTEXT_SCRIPT = "window.__remixContext = ";
/** Runs inside the data script: turns the preloads on once the stylesheet has loaded. */
export const ACTIVATE_PRELOADS = `;document.querySelectorAll('link[rel="x-modulepreload"]').forEach(function(l){l.rel="modulepreload"});`;

export function scriptsAfterStyles(html: string): string {
  const context = html.indexOf(CONTEXT_SCRIPT);
  if (context === -1) return html; // an error page rendered without Remix's scripts
  const contextEnd = html.indexOf("</script>", context);
  // The preloads Remix writes sit just before the data script; only those are made inert.
  const firstPreload = html.indexOf(PRELOAD);
  if (firstPreload === -1 || firstPreload > context || contextEnd === -1) return html;
  return html.slice(0, firstPreload) + html.slice(firstPreload, context).replaceAll(PRELOAD, INERT_PRELOAD) + html.slice(context, contextEnd) + ACTIVATE_PRELOADS + html.slice(contextEnd);
}
