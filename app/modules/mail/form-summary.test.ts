import { escapeHtml, formSummaryMessage, NOT_PROVIDED } from "./form-summary";

describe("formSummaryMessage", () => {
  const message = formSummaryMessage(
    "Project start-up completed: Western Pipeline",
    [
      ["Project title", 'Western Pipeline <Stage 2> & "Co"'],
      ["Client name", "O'Neill Energy"],
      ["Team members", 3],
      ["Allow public view", false],
      ["Require approval", true],
      ["Comments", "First line\r\n\r\nThird line <b>bold</b>\n"],
      ["Estimated end date", null],
      ["ABN", "   "],
    ],
    { intro: "Completed by Pat Manager <pm@example.com>." },
  );

  it("takes the title as the subject", () => {
    expect(message.subject).toBe("Project start-up completed: Western Pipeline");
    expect(formSummaryMessage("  Closure\n completed ", []).subject).toBe("Closure completed");
  });

  it("writes a plain-text body with each label and value, multi-line values indented under their label", () => {
    expect(message.text).toBe(
      [
        "Project start-up completed: Western Pipeline",
        "============================================",
        "",
        "Completed by Pat Manager <pm@example.com>.",
        "",
        'Project title: Western Pipeline <Stage 2> & "Co"',
        "Client name: O'Neill Energy",
        "Team members: 3",
        "Allow public view: No",
        "Require approval: Yes",
        "Comments:",
        "  First line",
        "",
        "  Third line <b>bold</b>",
        `Estimated end date: ${NOT_PROVIDED}`,
        `ABN: ${NOT_PROVIDED}`,
        "",
      ].join("\n"),
    );
  });

  it("writes an HTML body with every label and value escaped and line breaks kept", () => {
    expect(message.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(message.html).toContain("<title>Project start-up completed: Western Pipeline</title>");
    expect(message.html).toContain('<p style="margin: 0 0 16px;">Completed by Pat Manager &lt;pm@example.com&gt;.</p>');
    expect(message.html).toMatch(/<th scope="row"[^>]*>Project title<\/th><td[^>]*>Western Pipeline &lt;Stage 2&gt; &amp; &quot;Co&quot;<\/td>/);
    expect(message.html).toMatch(/<th scope="row"[^>]*>Client name<\/th><td[^>]*>O&#39;Neill Energy<\/td>/);
    expect(message.html).toContain("First line<br>\n<br>\nThird line &lt;b&gt;bold&lt;/b&gt;</td>");
    expect(message.html).toMatch(/>Allow public view<\/th><td[^>]*>No</);
    expect(message.html).toMatch(/>ABN<\/th><td[^>]*>Not provided</);
    // Nothing the user typed becomes markup.
    expect(message.html).not.toContain("<b>");
    expect(message.html).not.toContain("<Stage");
    expect(message.html.match(/<tr>/g)).toHaveLength(8);
  });

  it("leaves out the introduction when there is none", () => {
    const bare = formSummaryMessage("Closure completed", [["Lessons learned", "Plenty"]]);
    expect(bare.html).not.toContain("<p ");
    expect(bare.text).toBe("Closure completed\n=================\n\nLessons learned: Plenty\n");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
