import fs from "node:fs";

/**
 * An append-only log file that never grows past `maxBytes`: when a write would pass it, the file
 * becomes `<file>.1` (replacing the previous one) and a new file starts. At most twice the cap is
 * kept on disk. Writes are synchronous and small (a server's own log lines).
 */
export class CappedLog {
  private fd: number | null = null;
  private size = 0;

  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {}

  write(text: string): void {
    const bytes = Buffer.from(text.endsWith("\n") ? text : `${text}\n`, "utf8");
    if (this.fd === null) this.open();
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) {
      this.close();
      fs.renameSync(this.file, `${this.file}.1`);
      this.open();
    }
    fs.writeSync(this.fd!, bytes);
    this.size += bytes.length;
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private open() {
    this.fd = fs.openSync(this.file, "a", 0o600);
    this.size = fs.fstatSync(this.fd).size;
  }
}
