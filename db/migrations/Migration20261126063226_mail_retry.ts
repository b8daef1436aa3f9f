import { Migration } from "@mikro-orm/migrations";

/**
 * Mail retries and their visibility (docs/operations.md#mail-delivery): each attempt as a row, and on the
 * message when it was last tried, when it is tried next and which job owns that attempt.
 */
export class Migration20261126063226_mail_retry extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mail_attempt" ("id" serial primary key, "mail_id" int not null, "attempted_at" timestamptz not null default now(), "error" text null);`);
    this.addSql(`create index "mail_attempt_attempted_at_index" on "mail_attempt" ("attempted_at");`);
    this.addSql(`create index "mail_attempt_mail_id_index" on "mail_attempt" ("mail_id");`);

    this.addSql(`alter table "mail_message" add column "last_attempt_at" timestamptz null, add column "next_attempt_at" timestamptz null, add column "job_id" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_attempt" cascade;`);

    this.addSql(`alter table "mail_message" drop column "last_attempt_at", drop column "next_attempt_at", drop column "job_id";`);
  }
}
