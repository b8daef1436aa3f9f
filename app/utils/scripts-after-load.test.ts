import { describe, expect, it } from "vitest";
import { ACTIVATE_SCRIPTS, scriptsAfterLoad } from "./scripts-after-load";

const page = (body: string) => `<html><head><link rel="stylesheet" href="/build/_assets/app-A.css"/></head><body>${body}</body></html>`;
const remixScripts =
  '<script>restoreScroll()</script><link rel="modulepreload" href="/build/entry.client-X.js"/><link rel="modulepreload" href="/build/_shared/shell-Y.js"/>' +
  '<script nonce="n">window.__remixContext = {"state":{"loaderData":{"a":"<\\u002fscript>"}}};</script><script nonce="n" type="module" async="">import "/build/root.js";</script>';

describe("scriptsAfterLoad", () => {
  it("makes Remix's script preloads and module script inert, and lets the data script turn them on", () => {
    const html = scriptsAfterLoad(page(remixScripts));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<link rel="x-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n" type="x-module" async="">import "/build/root.js";</script>');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`window.__remixContext = {"state":{"loaderData":{"a":"<\\u002fscript>"}}};${ACTIVATE_SCRIPTS}</script>`);
    // Everything else is as rendered: the same elements in the same order for hydration.
    expect(html.replace(ACTIVATE_SCRIPTS, "").replaceAll("x-modulepreload", "modulepreload").replace("x-module", "module")).toBe(page(remixScripts));
  });

  it("leaves a page without Remix's scripts alone", () => {
    const html = page('<link rel="modulepreload" href="/x.js"/><p>Error</p>');
    expect(scriptsAfterLoad(html)).toBe(html);
  });

  it("leaves preloads after the data script alone (not Remix's own)", () => {
    const html = page('<script>window.__remixContext = {};</script><link rel="modulepreload" href="/late.js"/>');
    expect(scriptsAfterLoad(html)).toBe(html);
  });

  it("leaves the page alone when the data script is not followed by Remix's module script", () => {
    const html = page('<link rel="modulepreload" href="/x.js"/><script>window.__remixContext = {};</script><p>after</p>');
    expect(scriptsAfterLoad(html)).toBe(html);
  });

  it("waits for the load event, then flips every inert preload and prepares the module script again", () => {
    const links = [{ rel: "x-modulepreload" }, { rel: "x-modulepreload" }];
    const inserted: unknown[] = [];
    const script = { type: "x-module", appendChild: (node: unknown) => inserted.push(node) };
    const document = {
      querySelectorAll: (selector: string) =>
        selector === 'link[rel="x-modulepreload"]' ? links.filter((l) => l.rel === "x-modulepreload") : selector === 'script[type="x-module"]' && script.type === "x-module" ? [script] : [],
      createTextNode: (text: string) => ({ text }),
    };
    const listeners = new Map<string, () => void>();
    const addEventListener = (event: string, listener: () => void) => listeners.set(event, listener);
    new Function("document", "addEventListener", ACTIVATE_SCRIPTS)(document, addEventListener);
    // Nothing happens before the page has loaded.
    expect(links.map((l) => l.rel)).toEqual(["x-modulepreload", "x-modulepreload"]);
    expect(script.type).toBe("x-module");
    listeners.get("load")!();
    expect(links.map((l) => l.rel)).toEqual(["modulepreload", "modulepreload"]);
    expect(script.type).toBe("module");
    expect(inserted).toEqual([{ text: "" }]);
  });
});
