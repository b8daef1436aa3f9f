import { Migration } from "@mikro-orm/migrations";

/**
 * Outgoing mail (docs/architecture.md#mail): one row per message, written in the caller's transaction with the
 * pg-boss job that sends it; the job marks it sent so nothing goes out twice (app/modules/mail/).
 */
export class Migration20261123033605_mail_message extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "mail_message" ("id" serial primary key, "kind" text null, "dedupe_key" text null, "from_address" text null, "to_addresses" jsonb not null, "reply_to" text null, "subject" text not null, "text_body" text not null, "html_body" text null, "message_uuid" uuid not null, "status" text check ("status" in ('queued', 'sent', 'failed')) not null default 'queued', "attempts" int not null default 0, "last_error" text null, "delivery" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`,
    );
    this.addSql(`alter table "mail_message" add constraint "mail_message_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "mail_message_status_created_at_index" on "mail_message" ("status", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_message" cascade;`);
  }
}
