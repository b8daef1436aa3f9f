import { checkAttachments, checkOutgoingMail, MAX_MAIL_ATTACHMENT_BYTES, describeMailError, InvalidMailError, isPermanentRefusal, messageIdFor, outboxFileName } from "./message";

describe("checkOutgoingMail", () => {
  it("takes one address or a list, trims them and drops repeats whatever their case", () => {
    expect(checkOutgoingMail({ to: " a@example.com ", subject: "Hi", text: "Body" }).to).toEqual(["a@example.com"]);
    expect(checkOutgoingMail({ to: ["a@example.com", "B@example.com", "A@Example.com", "b@example.com"], subject: "Hi", text: "Body" }).to).toEqual(["a@example.com", "B@example.com"]);
  });

  it("refuses a message without a valid recipient, a subject or a plain-text body", () => {
    expect(() => checkOutgoingMail({ to: [], subject: "Hi", text: "Body" })).toThrow(InvalidMailError);
    expect(() => checkOutgoingMail({ to: ["someone"], subject: "Hi", text: "Body" })).toThrow("Not an e-mail address: 'someone'");
    expect(() => checkOutgoingMail({ to: "a@example.com, b@example.com", subject: "Hi", text: "Body" })).toThrow(InvalidMailError);
    expect(() => checkOutgoingMail({ to: "a@example.com", subject: " \r\n ", text: "Body" })).toThrow("A message needs a subject");
    expect(() => checkOutgoingMail({ to: "a@example.com", subject: "Hi", text: "  " })).toThrow("A message needs a plain-text body");
    expect(() => checkOutgoingMail({ to: "a@example.com", subject: "Hi", text: "Body", replyTo: "nobody" })).toThrow(InvalidMailError);
  });

  it("keeps the subject on one line and leaves out what was not given", () => {
    expect(checkOutgoingMail({ to: "a@example.com", subject: "Start-up\r\nBcc: x@example.com", text: "Body", html: " ", from: " " })).toEqual({
      to: ["a@example.com"],
      subject: "Start-up Bcc: x@example.com",
      text: "Body",
      html: null,
      from: null,
      replyTo: null,
      attachments: [],
    });
  });
});

describe("checkAttachments", () => {
  const file = (fileName: string, bytes = 3, contentType = "application/pdf") => ({ fileName, contentType, content: new Uint8Array(bytes) });

  it("keeps the order, trims names and puts a broken line on one", () => {
    expect(checkAttachments([file(" pack.pdf "), file("a\r\nb.xlsx")]).map((a) => a.fileName)).toEqual(["pack.pdf", "a b.xlsx"]);
  });

  it("refuses a name with a folder or nothing in it, and a content type that is not type/subtype", () => {
    expect(() => checkAttachments([file("../etc/passwd")])).toThrow("Not a file name for an attachment: '../etc/passwd'");
    expect(() => checkAttachments([file("C:\\pack.pdf")])).toThrow(InvalidMailError);
    expect(() => checkAttachments([file("  ")])).toThrow(InvalidMailError);
    expect(() => checkAttachments([file("pack.pdf", 1, "pdf")])).toThrow("Not a content type: 'pdf'");
    expect(() => checkAttachments([file("pack.pdf", 1, "text/plain\r\nBcc: x@example.com")])).toThrow(InvalidMailError);
  });

  it("allows the limit in all and refuses a byte more, across the files", () => {
    expect(checkAttachments([file("a.pdf", 60), file("b.pdf", 40)], 100)).toHaveLength(2);
    expect(() => checkAttachments([file("a.pdf", 60), file("b.pdf", 41)], 100)).toThrow(InvalidMailError);
    expect(() => checkOutgoingMail({ to: "a@example.com", subject: "Hi", text: "Body", attachments: [file("big.pdf", MAX_MAIL_ATTACHMENT_BYTES + 1)] })).toThrow("Attachments over 10 MB");
  });
});

describe("messageIdFor", () => {
  it("puts the message's uuid on the sender's domain, whatever form the sender has", () => {
    expect(messageIdFor("0b5c", "Land Records <No-Reply@Records.Example.org>")).toBe("<0b5c@records.example.org>");
    expect(messageIdFor("0b5c", "no-reply@example.com")).toBe("<0b5c@example.com>");
  });
});

describe("outboxFileName", () => {
  it("sorts by the time the message was queued and names the message, the same on every attempt", () => {
    const at = new Date("2026-11-23T04:05:06.789Z");
    expect(outboxFileName(at, 42)).toBe("20261123T040506Z-mail-42.eml");
    expect(outboxFileName(at, 42)).toBe(outboxFileName(new Date(at), 42));
  });
});

describe("isPermanentRefusal", () => {
  const smtpError = (responseCode: number, code = "EENVELOPE") => Object.assign(new Error("refused"), { responseCode, code });

  it("gives up on a 5xx answer, except a failed login an administrator can fix", () => {
    expect(isPermanentRefusal(smtpError(550))).toBe(true);
    expect(isPermanentRefusal(smtpError(554, "EMESSAGE"))).toBe(true);
    expect(isPermanentRefusal(smtpError(535, "EAUTH"))).toBe(false);
  });

  it("retries a 4xx answer, a timeout and a server that cannot be reached", () => {
    expect(isPermanentRefusal(smtpError(451))).toBe(false);
    expect(isPermanentRefusal(smtpError(421, "ECONNECTION"))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ESOCKET" }))).toBe(false);
    expect(isPermanentRefusal(undefined)).toBe(false);
  });
});

describe("describeMailError", () => {
  it("prefers the server's answer, on one line", () => {
    expect(describeMailError(Object.assign(new Error("Message failed"), { response: "451 4.3.0 Try\r\nlater" }))).toBe("451 4.3.0 Try later");
    expect(describeMailError(new Error("connect ECONNREFUSED"))).toBe("connect ECONNREFUSED");
    expect(describeMailError("x".repeat(2000))).toHaveLength(1000);
  });
});
