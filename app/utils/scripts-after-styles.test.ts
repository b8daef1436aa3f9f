import { describe, expect, it } from "vitest";
import { ACTIVATE_PRELOADS, scriptsAfterStyles } from "./scripts-after-styles";

const page = (body: string) => `<html><head><link rel="stylesheet" href="/build/_assets/app-A.css"/></head><body>${body}</body></html>`;
const remixScripts =
  '<script>restoreScroll()</script><link rel="modulepreload" href="/build/entry.client-X.js"/><link rel="modulepreload" href="/build/_shared/shell-Y.js"/>' +
  '<script nonce="n">window.__remixContext = {"state":{"loaderData":{"a":"<\\u002fscript>"}}};</script><script nonce="n" type="module" async="">import "/build/root.js";</script>';

describe("scriptsAfterStyles", () => {
  it("makes Remix's script preloads inert and lets the data script, held until the stylesheet loads, turn them on", () => {
    const html = scriptsAfterStyles(page(remixScripts));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<link rel="x-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain(`window.__remixContext = {"state":{"loaderData":{"a":"<\\u002fscript>"}}};${ACTIVATE_PRELOADS}</script>`);
    // Everything else is as rendered: the same elements in the same order for hydration.
    expect(html.replace(ACTIVATE_PRELOADS, "").replaceAll("x-modulepreload", "modulepreload")).toBe(page(remixScripts));
  });

  it("leaves a page without Remix's scripts alone", () => {
    const html = page('<link rel="modulepreload" href="/x.js"/><p>Error</p>');
    expect(scriptsAfterStyles(html)).toBe(html);
  });

  it("leaves preloads after the data script alone (not Remix's own)", () => {
    const html = page('<script>window.__remixContext = {};</script><link rel="modulepreload" href="/late.js"/>');
    expect(scriptsAfterStyles(html)).toBe(html);
  });

  it("turns the preloads on in a browser: the activation flips every inert preload", () => {
    const links = [{ rel: "x-modulepreload" }, { rel: "x-modulepreload" }];
    const document = { querySelectorAll: (selector: string) => links.filter((l) => selector === 'link[rel="x-modulepreload"]' && l.rel === "x-modulepreload") };
    new Function("document", ACTIVATE_PRELOADS)(document);
    expect(links.map((l) => l.rel)).toEqual(["modulepreload", "modulepreload"]);
  });
});
