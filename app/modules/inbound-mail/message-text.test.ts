import { describe, expect, it } from "vitest";
import { baseSubject, looksForwarded, notesText, parseAddressList, parseLooseDate, subjectText, trimReply, unwrapForwardedText } from "./message-text";
import { ENGAGEMENT_LIMITS } from "../engagement/limits";

describe("trimReply", () => {
  it("drops the quoted reply and the signature", () => {
    const text = "Thanks, the gate is fixed.\n\n-- \nJo Smith\nFarm manager\n\nOn Tue, 3 Mar 2026 at 10:00, Alex <alex@example.com> wrote:\n> Is the gate fixed?\n> thanks\n";
    expect(trimReply(text)).toBe("Thanks, the gate is fixed.");
  });

  it("keeps a message that has no quote", () => {
    expect(trimReply("Line one\r\nLine two\r\n")).toBe("Line one\nLine two");
  });

  it("keeps the text of a message that is only a quote", () => {
    expect(trimReply("> only quoted")).toBe("> only quoted");
  });
});

describe("unwrapForwardedText", () => {
  it("reads Gmail's forward block", () => {
    const text = [
      "FYI, see below",
      "",
      "---------- Forwarded message ---------",
      "From: Jo Smith <Jo@Farm.example>",
      "Date: Tue, 3 Mar 2026 at 10:00",
      "Subject: The gate on the north boundary",
      "To: Alex Liaison <alex@project.example>",
      "Cc: kim@farm.example",
      "",
      "The gate was left open again.",
    ].join("\n");
    const original = unwrapForwardedText(text)!;
    expect(original.from).toEqual({ name: "Jo Smith", address: "jo@farm.example" });
    expect(original.to).toEqual([{ name: "Alex Liaison", address: "alex@project.example" }]);
    expect(original.cc.map((a) => a.address)).toEqual(["kim@farm.example"]);
    expect(original.subject).toBe("The gate on the north boundary");
    expect(original.sentAt?.getFullYear()).toBe(2026);
    expect(original.body).toBe("The gate was left open again.");
  });

  it("reads Outlook's block with Sent and bracketed addresses", () => {
    const text = [
      "________________________________",
      "From: Jo Smith [mailto:jo@farm.example]",
      "Sent: Tuesday, 3 March 2026 10:00 AM",
      "To: Alex; Kim <kim@farm.example>",
      "Subject: Water",
      "",
      "Trough is dry.",
    ].join("\n");
    const original = unwrapForwardedText(text)!;
    expect(original.from?.address).toBe("jo@farm.example");
    expect(original.to.map((a) => a.address)).toEqual(["kim@farm.example"]);
    expect(original.sentAt).not.toBeNull();
    expect(original.body).toBe("Trough is dry.");
  });

  it("reads Apple Mail's block with quoted lines", () => {
    const text = "Begin forwarded message:\n\n> From: Jo <jo@farm.example>\n> Subject: Dust\n> Date: 3 March 2026 at 10:00:00 AEDT\n> To: alex@project.example\n> \n> Too much dust.";
    const original = unwrapForwardedText(text)!;
    expect(original.from?.address).toBe("jo@farm.example");
    expect(original.subject).toBe("Dust");
    expect(original.body).toBe("Too much dust.");
  });

  it("is null for a message that forwards nothing", () => {
    expect(unwrapForwardedText("Hello\n\nregards")).toBeNull();
    expect(unwrapForwardedText("---------- Forwarded message ---------\nno headers here")).toBeNull();
  });
});

describe("address lists and subjects", () => {
  it("reads names and addresses, quoted commas included", () => {
    expect(parseAddressList('"Smith, Jo" <jo@farm.example>, kim@x.example')).toEqual([
      { name: "Smith, Jo", address: "jo@farm.example" },
      { name: null, address: "kim@x.example" },
    ]);
    expect(parseAddressList("")).toEqual([]);
  });

  it("recognises forwards and strips prefixes", () => {
    expect(looksForwarded("Fwd: gate")).toBe(true);
    expect(looksForwarded("FW: gate")).toBe(true);
    expect(looksForwarded("Re: gate")).toBe(false);
    expect(baseSubject("Re: Fwd: RE: gate")).toBe("gate");
  });

  it("reads loose dates or gives null", () => {
    expect(parseLooseDate("nonsense")).toBeNull();
    expect(parseLooseDate("Tue, 3 Mar 2026 at 10:00")?.getDate()).toBe(3);
  });

  it("caps subject and notes to the engagement limits", () => {
    expect(subjectText("  ")).toBe("(no subject)");
    expect(subjectText("x".repeat(500)).length).toBeLessThanOrEqual(ENGAGEMENT_LIMITS.subject);
    expect(notesText("y".repeat(9000)).length).toBeLessThanOrEqual(ENGAGEMENT_LIMITS.notes);
    expect(notesText("body", "From: Jo\n\n")).toBe("From: Jo\n\nbody");
  });
});
