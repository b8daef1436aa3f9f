import { parseImapConfig } from "./imap-config";

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
