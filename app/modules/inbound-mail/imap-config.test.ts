import { deliveredToAddresses, parseImapConfig } from "./imap-config";

describe("parseImapConfig", () => {
  it("is null when no IMAP_HOST is set (only the embedded SMTP listener takes mail)", () => {
    expect(parseImapConfig({})).toBeNull();
    expect(parseImapConfig({ IMAP_HOST: "", IMAP_TLS: "true", PATH: "/usr/bin" })).toBeNull();
  });

  it("reads a password login with TLS on 993 and INBOX by default", () => {
    expect(parseImapConfig({ IMAP_HOST: "outlook.office365.com", IMAP_USER: "records@example.org", IMAP_PASSWORD: "app-password" })).toEqual({
      host: "outlook.office365.com",
      port: 993,
      tls: true,
      user: "records@example.org",
      password: "app-password",
      accessToken: null,
      mailbox: "INBOX",
      recordedFolder: null,
    });
  });

  it("reads an OAuth2 token, a plain port 143 without TLS, a mailbox and a folder for taken messages", () => {
    expect(
      parseImapConfig({ IMAP_HOST: "imap.gmail.com", IMAP_USER: "u@example.org", IMAP_ACCESS_TOKEN: "ya29.x", IMAP_TLS: "false", IMAP_MAILBOX: "Projects", IMAP_RECORDED_FOLDER: "Recorded" }),
    ).toMatchObject({ port: 143, tls: false, password: null, accessToken: "ya29.x", mailbox: "Projects", recordedFolder: "Recorded" });
  });

  it("refuses a half configuration without repeating a secret", () => {
    expect(() => parseImapConfig({ IMAP_USER: "u@example.org", IMAP_PASSWORD: "hunter22" })).toThrow(/IMAP_HOST: is needed with IMAP_USER, IMAP_PASSWORD/);
    expect(() => parseImapConfig({ IMAP_HOST: "imap.example.org", IMAP_PASSWORD: "hunter22" })).toThrow(/IMAP_USER: is needed/);
    expect(() => parseImapConfig({ IMAP_HOST: "imap.example.org", IMAP_USER: "u" })).toThrow(/one of the two/);
    expect(() => parseImapConfig({ IMAP_HOST: "imap.example.org", IMAP_USER: "u", IMAP_PASSWORD: "hunter22", IMAP_ACCESS_TOKEN: "t" })).toThrow(/one of the two/);
    expect(() => parseImapConfig({ IMAP_HOST: "imap.example.org", IMAP_USER: "u", IMAP_PASSWORD: "hunter22", IMAP_PORT: "99999" })).toThrow(/IMAP_PORT/);
    try {
      parseImapConfig({ IMAP_HOST: "imap.example.org", IMAP_PASSWORD: "hunter22" });
    } catch (error) {
      expect(String(error)).not.toContain("hunter22");
    }
  });
});

describe("deliveredToAddresses", () => {
  it("puts the receiving server's Delivered-To first (the BCC'd project address), then To and Cc, each once, lower-cased", () => {
    const raw = [
      "Received: from mx.example.org by imap.example.org",
      "Delivered-To: Western-7f3k+Grievance@inbound.example.org",
      "From: Sam Officer <sam@consultancy.example>",
      'To: "Jo Landholder" <jo@farm.example>,',
      "\tpat@farm.example",
      "Cc: sam@consultancy.example",
      "Subject: Re: access track",
      "",
      "To: not-a-header@example.org",
    ].join("\r\n");
    expect(deliveredToAddresses(Buffer.from(raw))).toEqual(["western-7f3k+grievance@inbound.example.org", "jo@farm.example", "pat@farm.example", "sam@consultancy.example"]);
  });

  it("reads X-Original-To when there is no Delivered-To, and a message with no body separator", () => {
    expect(deliveredToAddresses("X-Original-To: p@inbound.example.org\nSubject: x")).toEqual(["p@inbound.example.org"]);
  });
});
