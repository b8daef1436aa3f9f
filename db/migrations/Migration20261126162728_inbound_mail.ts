import { Migration } from "@mikro-orm/migrations";

/** Inbound e-mail: the messages received at a project's address, and the project's address and lists (docs/inbound-mail.md#messages). */
export class Migration20261126162728_inbound_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "inbound_message" ("id" serial primary key, "project_id" int not null, "message_id" text not null, "status" text check ("status" in ('received', 'recorded', 'review', 'rejected')) not null default 'received', "via" text check ("via" in ('smtp', 'imap')) not null, "tag" text check ("tag" in ('grievance', 'commitment', 'meeting')) null, "envelope_from" text null, "envelope_to" jsonb not null default '[]', "from_address" text null, "from_name" text null, "recipients" jsonb not null default '[]', "subject" text null, "sent_at" timestamptz null, "text_body" text null, "forwarded" boolean not null default false, "raw_key" text null, "raw_size" int not null default 0, "spf" text null, "dkim" text null, "review_reason" text null, "recorded" jsonb not null default '{}', "refused_attachments" jsonb not null default '[]', "sender_user_id" text null, "reviewed_by_id" text null, "reviewed_at" timestamptz null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "inbound_message_sender_user_id_index" on "inbound_message" ("sender_user_id");`);
    this.addSql(`create index "inbound_message_reviewed_by_id_index" on "inbound_message" ("reviewed_by_id");`);
    this.addSql(`create index "inbound_message_project_id_status_created_at_index" on "inbound_message" ("project_id", "status", "created_at");`);
    this.addSql(`alter table "inbound_message" add constraint "inbound_message_project_id_message_id_unique" unique ("project_id", "message_id");`);

    this.addSql(`alter table "inbound_message" add constraint "inbound_message_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "inbound_message" add constraint "inbound_message_sender_user_id_foreign" foreign key ("sender_user_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "inbound_message" add constraint "inbound_message_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(
      `alter table "project" add column "inbound_key" text null, add column "inbound_allowed_domains" jsonb not null default '[]', add column "inbound_blocked_domains" jsonb not null default '[]', add column "inbound_confirm_reply" boolean not null default false;`,
    );
    this.addSql(`alter table "project" add constraint "project_inbound_key_unique" unique ("inbound_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "inbound_message" cascade;`);

    this.addSql(`alter table "project" drop constraint "project_inbound_key_unique";`);
    this.addSql(`alter table "project" drop column "inbound_key", drop column "inbound_allowed_domains", drop column "inbound_blocked_domains", drop column "inbound_confirm_reply";`);
  }
}
