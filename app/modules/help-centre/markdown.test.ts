import type { Tokens } from "marked";
import { lexMarkdown, plainText, renderMarkdown, safeUrl, slugify } from "./markdown";

const SAMPLE = `## Getting started

Sign in with **single sign-on**, then choose a [project](/projects/new).

- First item
- Second item

| Role | May do |
| --- | ---: |
| Viewer | Export only |

![The dashboard with the project selector](/docs-images/dashboard.png)

### Getting started

<script>alert(1)</script>

[bad](javascript:alert(1))
`;

describe("renderMarkdown", () => {
  const html = renderMarkdown(SAMPLE);

  it("starts body headings at h2 with unique ids", () => {
    expect(html).toContain('<h2 id="getting-started">Getting started</h2>');
    expect(html).toContain('<h3 id="getting-started-2">Getting started</h3>');
    expect(renderMarkdown("# Top\n")).toContain('<h2 id="top">Top</h2>');
  });

  it("gives tables column headers with scope in a labelled, focusable region", () => {
    expect(html).toContain('<div class="doc-table" role="region" aria-label="Table: Getting started" tabindex="0">');
    expect(html).toContain('<th scope="col">Role</th>');
    expect(html).toContain('<th scope="col" style="text-align:right">May do</th>');
    expect(html).toContain("<td>Viewer</td>");
  });

  it("keeps alt text, lists, links and inline markup", () => {
    expect(html).toContain('<img src="/docs-images/dashboard.png" alt="The dashboard with the project selector" loading="lazy">');
    expect(html).toMatch(/<ul>\s*<li>First item<\/li>/);
    expect(html).toContain('<a href="/projects/new">project</a>');
    expect(html).toContain("<strong>single sign-on</strong>");
  });

  it("never passes raw HTML or script URLs through", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="#">bad</a>');
    expect(safeUrl("data:text/html,x")).toBe("#");
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
  });
});

describe("tokens", () => {
  it("give the plain text of a heading and slugs without accents", () => {
    const [heading] = lexMarkdown("## Café & *roles*\n");
    expect(plainText((heading as Tokens.Heading).tokens)).toBe("Café & roles");
    expect(slugify("Café & roles")).toBe("cafe-roles");
  });
});
