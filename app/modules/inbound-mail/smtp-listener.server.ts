/**
 * The embedded SMTP listener (docs/inbound-mail.md#the-embedded-listener): takes mail for the project
 * addresses on INBOUND_SMTP_PORT, so a newcomer can send a message with any client and see it arrive.
 * It refuses a recipient that is not a project address (550) and a message over the size limit (552,
 * SIZE advertised, so a client that declares the size is refused before sending it); each accepted
 * message goes to receiveInboundMessage. No AUTH and no STARTTLS: it is a receiving MX, not a relay.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { withRequestContext } from "~db/orm";
import type { BackgroundWork } from "~/utils/graceful-shutdown.server";
import { log } from "~/utils/log.server";
import { findInboundProject, receiveInboundMessage } from "./receive.server";

const smtpLog = log.child({ component: "inbound-smtp" });

export interface InboundSmtpOptions {
  port: number;
  host?: string;
  /** The largest message, in bytes (INBOUND_MAX_MESSAGE_BYTES). */
  sizeLimit: number;
}

export interface InboundSmtpHandle extends BackgroundWork {
  /** The port it listens on (the one asked for, or the one given for port 0 in tests). */
  port: number;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export function tooLargeText(sizeLimit: number) {
  return `Message too large: this address takes messages up to ${Math.floor(sizeLimit / (1024 * 1024)) || 1} MB`;
}

export async function startInboundSmtp({ port, host = "0.0.0.0", sizeLimit }: InboundSmtpOptions): Promise<InboundSmtpHandle> {
  const server = new SMTPServer({
    name: "land-records-inbound",
    banner: "Land Liaison Records inbound mail",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: sizeLimit,
    logger: false,
    onRcptTo(address, _session, callback) {
      withRequestContext(() => findInboundProject(address.address)).then(
        (project) => callback(project ? undefined : smtpError(550, `No such project address here: ${address.address}`)),
        (error: Error) => {
          smtpLog.error({ err: error }, "inbound recipient check failed");
          callback(smtpError(451, "Temporary failure, please try again later"));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          smtpLog.info({ size: stream.byteLength, limit: sizeLimit }, "inbound message refused: too large");
          callback(smtpError(552, tooLargeText(sizeLimit)));
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        withRequestContext(() => receiveInboundMessage(raw, { via: "smtp", envelopeFrom, envelopeTo })).then(
          () => callback(null, "Message received"),
          (error: Error) => {
            smtpLog.error({ err: error }, "inbound message could not be stored");
            callback(smtpError(451, "Temporary failure, please try again later"));
          },
        );
      });
    },
  });
  server.on("error", (error) => smtpLog.error({ err: error }, "inbound SMTP listener error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  smtpLog.info({ port: bound }, "inbound SMTP listener started");
  return { port: bound, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
