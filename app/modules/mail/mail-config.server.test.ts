import { DEFAULT_CLOSURE_NOTIFY_EMAILS, DEFAULT_MAIL_FROM, DEFAULT_STARTUP_NOTIFY_EMAILS, parseMailConfig, smtpOptions } from "./mail-config.server";

const DATA = "/srv/land-records/data";

describe("parseMailConfig", () => {
  it("writes to DATA_DIR/outbox from a default sender to four and three placeholder departments when nothing is set", () => {
    const config = parseMailConfig({ SMTP_URL: "", MAIL_FROM: undefined }, DATA);
    expect(config).toEqual({
      smtpUrl: null,
      from: DEFAULT_MAIL_FROM,
      outboxDir: "/srv/land-records/data/outbox",
      startupNotifyEmails: [...DEFAULT_STARTUP_NOTIFY_EMAILS],
      closureNotifyEmails: [...DEFAULT_CLOSURE_NOTIFY_EMAILS],
    });
    expect(config.startupNotifyEmails).toHaveLength(4);
    expect(config.closureNotifyEmails).toHaveLength(3);
    expect([...config.startupNotifyEmails, ...config.closureNotifyEmails].every((a) => a.endsWith("@example.com"))).toBe(true);
  });

  it("reads the server, the sender and comma-separated recipient lists", () => {
    const config = parseMailConfig(
      {
        SMTP_URL: "smtps://mailer:s3cret@mail.example.org:465",
        MAIL_FROM: "Records Team <records@example.org>",
        STARTUP_NOTIFY_EMAILS: " pmo@example.org, finance@example.org ,,hse@example.org,PMO@example.org ",
        CLOSURE_NOTIFY_EMAILS: "archive@example.org",
      },
      DATA,
    );
    expect(config.smtpUrl).toBe("smtps://mailer:s3cret@mail.example.org:465");
    expect(config.from).toBe("Records Team <records@example.org>");
    expect(config.startupNotifyEmails).toEqual(["pmo@example.org", "finance@example.org", "hse@example.org"]);
    expect(config.closureNotifyEmails).toEqual(["archive@example.org"]);
  });

  it("names every mistake at once, without repeating the SMTP password", () => {
    let message = "";
    try {
      parseMailConfig(
        { SMTP_URL: "https://mailer:s3cret@mail.example.org", MAIL_FROM: "a@example.org, b@example.org", STARTUP_NOTIFY_EMAILS: "pmo@example.org, finance", CLOSURE_NOTIFY_EMAILS: " , " },
        DATA,
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(message).toContain("MAIL_FROM: must be one address");
    expect(message).toContain("STARTUP_NOTIFY_EMAILS: not an e-mail address: 'finance'");
    expect(message).toContain("CLOSURE_NOTIFY_EMAILS: list at least one e-mail address");
    expect(message).not.toContain("s3cret");
  });

  it("refuses a sender that is not an address", () => {
    expect(() => parseMailConfig({ MAIL_FROM: "Land Records" }, DATA)).toThrow(/MAIL_FROM/);
    expect(() => parseMailConfig({ MAIL_FROM: "no-reply@example.org" }, DATA)).not.toThrow();
  });
});

describe("smtpOptions", () => {
  it("requires STARTTLS before a login crosses a network, but not on this machine or over smtps", () => {
    expect(smtpOptions("smtp://user:pw@mail.example.org:587")).toMatchObject({ requireTLS: true });
    expect(smtpOptions("smtp://user:pw@127.0.0.1:2525")).not.toHaveProperty("requireTLS");
    expect(smtpOptions("smtps://user:pw@mail.example.org")).not.toHaveProperty("requireTLS");
    expect(smtpOptions("smtp://relay.internal:25")).not.toHaveProperty("requireTLS");
  });

  it("bounds every wait, so an attempt ends well within the job's expiry", () => {
    const options = smtpOptions("smtp://relay.internal:25");
    expect(options.url).toBe("smtp://relay.internal:25");
    expect(Math.max(options.connectionTimeout, options.greetingTimeout, options.socketTimeout)).toBeLessThanOrEqual(60_000);
  });
});
