import { describe, expect, it } from "vitest";
import MailComposer from "nodemailer/lib/mail-composer";
import { conversationAddresses, parseInbound } from "./parse.server";

const build = (mail: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(mail).compile().build();

describe("parseInbound", () => {
  it("reads a message sent directly: every address, the trimmed text, files but not embedded images", async () => {
    const raw = await build({
      from: "Oscar <Officer@Demo.example>",
      to: "Margaret <margaret@farm.example>",
      cc: "kim@farm.example",
      bcc: "key@inbound.test",
      subject: "Gate",
      text: "Fixed on Friday.\n\nOn Mon, 2 Mar 2026 at 09:00, Margaret <margaret@farm.example> wrote:\n> Is the gate fixed?\n",
      html: '<p>Fixed on Friday.</p><img src="cid:logo">',
      attachments: [
        { filename: "plan.pdf", content: Buffer.from("%PDF-1.4") },
        { filename: "logo.png", content: Buffer.from([0x89, 0x50]), cid: "logo" },
      ],
    });
    const parsed = await parseInbound(raw);
    expect(parsed.sender).toEqual({ name: "Oscar", address: "officer@demo.example" });
    expect(parsed.forwarded).toBe(false);
    expect(parsed.text).toBe("Fixed on Friday.");
    expect(parsed.attachments.map((a) => a.fileName)).toEqual(["plan.pdf"]);
    // A Bcc is not in the message's headers (as over SMTP), so only From, To and Cc are.
    expect(conversationAddresses(parsed)).toEqual(["officer@demo.example", "margaret@farm.example", "kim@farm.example"]);
  });

  it("unwraps a forward sent as an attached message, keeping the inner message's attachments", async () => {
    const inner = await build({
      from: "Tom <tom@farm.example>",
      to: "officer@demo.example",
      subject: "Dust",
      date: new Date("2026-03-03T10:00:00Z"),
      text: "Too much dust.",
      attachments: [{ filename: "photo.jpg", content: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) }],
    });
    const raw = await build({
      from: "officer@demo.example",
      to: "key@inbound.test",
      subject: "FW: Dust",
      text: "See attached.",
      attachments: [{ filename: "Dust.eml", content: inner, contentType: "message/rfc822" }],
    });
    const parsed = await parseInbound(raw);
    expect(parsed).toMatchObject({ forwarded: true, subject: "Dust", text: "Too much dust.", from: { address: "tom@farm.example" }, sender: { address: "officer@demo.example" } });
    expect(parsed.sentAt?.toISOString()).toBe("2026-03-03T10:00:00.000Z");
    expect(parsed.attachments.map((a) => a.fileName)).toEqual(["photo.jpg"]);
  });

  it("keeps text only when the message has only HTML", async () => {
    const parsed = await parseInbound(await build({ from: "a@b.example", to: "key@inbound.test", subject: "Html", html: "<p>Hello <b>there</b></p><script>alert(1)</script>" }));
    expect(parsed.text).toContain("Hello");
    expect(parsed.text).not.toContain("<");
    expect(parsed.text).not.toContain("alert");
  });
});
