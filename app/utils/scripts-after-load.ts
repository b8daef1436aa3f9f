/**
 * Lets a page paint, and finish loading, before its scripts download (docs/architecture.md#scripts-after-load).
 *
 * Remix ends the body with `<link rel="modulepreload">` for every script the page hydrates with, then a
 * classic script holding the loader data (`window.__remixContext = …`), then a module script that imports
 * the route modules. Left as they are, the preloads start at once and share a slow link's bandwidth with
 * the stylesheet the first paint waits for (~90 KB of script against ~14 KB of CSS), and the load event
 * waits for all of them. Every page works as plain HTML (links and forms need no script), so the scripts
 * are written inert instead: the preloads as `rel="x-modulepreload"` and the module script as
 * `type="x-module"`, which no browser fetches or runs. The data script (a classic script, which the
 * browser holds until the stylesheet has arrived) gains one statement that turns both back on once the
 * page has loaded. A browser without JavaScript fetches no script at all.
 *
 * The module script is turned on as the HTML standard allows for a script that did not run for its type:
 * its type is set back and a node inserted into it, which prepares it again. The markup keeps its
 * elements in React's order, and by the time React hydrates their attributes are as it rendered them.
 */

const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link rel="x-modulepreload"';
const CONTEXT_SCRIPT = "window.__remixContext = ";
const MODULE_TYPE = 'type="module"';
const INERT_MODULE_TYPE = 'type="x-module"';
/** Runs inside the data script: on the page's load event, turns the preloads and the module script on. */
export const ACTIVATE_SCRIPTS =
  ';addEventListener("load",function(){' +
  'document.querySelectorAll(\'link[rel="x-modulepreload"]\').forEach(function(l){l.rel="modulepreload"});' +
  'document.querySelectorAll(\'script[type="x-module"]\').forEach(function(s){s.type="module";s.appendChild(document.createTextNode(""))})' +
  "});";

export function scriptsAfterLoad(html: string): string {
  const context = html.indexOf(CONTEXT_SCRIPT);
  if (context === -1) return html; // an error page rendered without Remix's scripts
  const contextEnd = html.indexOf("</script>", context);
  // The preloads Remix writes sit just before the data script; only those are made inert.
  const firstPreload = html.indexOf(PRELOAD);
  if (firstPreload === -1 || firstPreload > context || contextEnd === -1) return html;
  // Remix's module script is the element right after the data script.
  const afterContext = contextEnd + "</script>".length;
  const moduleTagEnd = html.indexOf(">", afterContext);
  const moduleTag = html.slice(afterContext, moduleTagEnd);
  if (!moduleTag.startsWith("<script") || !moduleTag.includes(MODULE_TYPE)) return html;
  return (
    html.slice(0, firstPreload) +
    html.slice(firstPreload, context).replaceAll(PRELOAD, INERT_PRELOAD) +
    html.slice(context, contextEnd) +
    ACTIVATE_SCRIPTS +
    "</script>" +
    moduleTag.replace(MODULE_TYPE, INERT_MODULE_TYPE) +
    html.slice(moduleTagEnd)
  );
}
