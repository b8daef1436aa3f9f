/**
 * Hands one stored message to nodemailer: through SMTP_URL, or with nothing configured as an .eml
 * file (RFC 5322, CRLF line ends) in DATA_DIR/outbox that any mail client opens.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailConfig } from "./mail-config.server";
import { smtpOptions } from "./mail-config.server";
import { log } from "~/utils/log.server";
import { messageIdFor, outboxFileName } from "./message";

const mailLog = log.child({ component: "mail" });

export interface StoredMail {
  id: number;
  from: string | null;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageUuid: string;
  createdAt: Date;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/** Sends or writes the message; resolves with what happened (the server's answer or the file), throws on a refusal. */
export async function deliverMail(mail: StoredMail, config: MailConfig): Promise<string> {
  const from = mail.from ?? config.from;
  const message = {
    from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: messageIdFor(mail.messageUuid, from),
    attachments: mail.attachments.map((attachment) => ({ filename: attachment.fileName, contentType: attachment.contentType, content: attachment.content })),
  };
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    try {
      const info = await transport.sendMail(message);
      // Some recipients refused while others accepted: a retry would send the others a second copy.
      const refused = info.rejected;
      return `SMTP ${info.response}${refused.length ? `; refused: ${refused.join(", ")}` : ""}`;
    } finally {
      transport.close();
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await transport.sendMail(message);
  await fs.mkdir(config.outboxDir, { recursive: true });
  const file = path.join(config.outboxDir, outboxFileName(mail.createdAt, mail.id));
  // Written aside and renamed, so whoever watches the folder never opens half a message.
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, info.message as Buffer);
  await fs.rename(partial, file);
  // The subject can carry a project's or a person's name: the log names the message by id only.
  mailLog.info({ mailId: mail.id, file: path.basename(file) }, "mail written to the outbox");
  return `outbox ${file}`;
}
