import { Migration } from "@mikro-orm/migrations";

/** Files sent with outgoing mail, kept until the message is sent (docs/operations.md#mail-attachments). */
export class Migration20261126193158_mail_attachment extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "mail_attachment" ("id" serial primary key, "mail_id" int not null, "position" int not null, "file_name" text not null, "content_type" text not null, "size_bytes" int not null, "content" bytea null);`,
    );
    this.addSql(`create index "mail_attachment_mail_id_position_index" on "mail_attachment" ("mail_id", "position");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_attachment" cascade;`);
  }
}
