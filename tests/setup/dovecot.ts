/*
 * A real IMAP server for the inbound-mail tests (docs/inbound-mail.md#imap): Debian's Dovecot, started by
 * the test as an unprivileged instance with its own configuration in a temporary folder, one passwd-file
 * user, plaintext login on 127.0.0.1 and a free port, and Maildir storage in that folder. As root (CI
 * containers) the whole instance runs as `nobody`, which Dovecot accepts; as any other user it runs as
 * that user. A machine without Dovecot skips those tests with this reason in their names.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const DOVECOT_BINARY = ["/usr/sbin/dovecot", "/usr/local/sbin/dovecot"].find((file) => fs.existsSync(file)) ?? null;
export const HAS_DOVECOT = DOVECOT_BINARY !== null;
export const DOVECOT_MISSING = HAS_DOVECOT ? "" : " (SKIPPED: Dovecot is not installed; apt-get install dovecot-imapd)";

export interface DovecotInstance {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** Dovecot's log so far (for a failing assertion's message). */
  log(): string;
}

const NOBODY = { uid: 65534, gid: 65534, user: "nobody" };

function runAs(): { uid: number; gid: number; user: string; group: string } {
  const me = os.userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, user: me.username, group: execFileSync("id", ["-gn"], { encoding: "utf8" }).trim() };
  const group = execFileSync("getent", ["group", String(NOBODY.gid)], { encoding: "utf8" }).split(":")[0]!;
  return { ...NOBODY, group };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the IMAP greeting arrives (Dovecot's login process is up), or fails after `timeoutMs`. */
async function waitForGreeting(port: number, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setTimeout(1000);
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not answer on 127.0.0.1:${port} within ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a fresh Dovecot with one mailbox user (its INBOX empty); call stop() when done. */
export async function startDovecot({ user = "records-inbox", password = "imap-test-password" } = {}): Promise<DovecotInstance> {
  if (!DOVECOT_BINARY) throw new Error(`Dovecot is not installed${DOVECOT_MISSING}`);
  const owner = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-dovecot-"));
  const port = await freePort();
  const logFile = path.join(dir, "dovecot.log");
  for (const sub of ["run", "state", "mail", "home"]) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);
  fs.writeFileSync(
    path.join(dir, "dovecot.conf"),
    `# Written by tests/setup/dovecot.ts for one test run.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.user}
default_internal_group = ${owner.group}
default_login_user = ${owner.user}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
`,
  );
  if (os.userInfo().uid === 0) execFileSync("chown", ["-R", `${owner.uid}:${owner.gid}`, dir]);
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "");
  let stderr = "";
  const child: ChildProcess = spawn(DOVECOT_BINARY, ["-F", "-c", path.join(dir, "dovecot.conf")], {
    uid: owner.uid,
    gid: owner.gid,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const log = () => `${stderr}${readLog()}`;
  try {
    await Promise.race([
      waitForGreeting(port, 15_000, log),
      exited.then(() => {
        throw new Error(`Dovecot stopped while starting:\n${log()}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
