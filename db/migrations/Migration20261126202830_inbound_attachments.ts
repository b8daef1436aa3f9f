import { Migration } from "@mikro-orm/migrations";

/** Each inbound message's attachments with the upload rules' verdict, kept when it is read (docs/inbound-mail.md#review). */
export class Migration20261126202830_inbound_attachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "inbound_message" add column "attachments" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "inbound_message" drop column "attachments";`);
  }
}
