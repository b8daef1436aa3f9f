import { Migration } from "@mikro-orm/migrations";

/**
 * Restore points (docs/administration.md#restore-points): the project's SQL dump saved to the object store before each Danger Zone
 * action, kept for 30 days. project_id has no foreign key so the point outlives a deleted project.
 */
export class Migration20261123041907_restore_points extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "restore_point" ("id" serial primary key, "client_id" int not null, "project_id" int not null, "project_name" text not null, "reason" text check ("reason" in ('delete-all-stakeholders', 'delete-all-properties', 'delete-all-engagements', 'reset-project', 'delete-project')) not null, "created_by_id" text null, "storage_key" text not null, "file_size" bigint not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null);`,
    );
    this.addSql(`create index "restore_point_client_id_index" on "restore_point" ("client_id");`);
    this.addSql(`create index "restore_point_project_id_index" on "restore_point" ("project_id");`);
    this.addSql(`alter table "restore_point" add constraint "restore_point_storage_key_unique" unique ("storage_key");`);

    this.addSql(`alter table "restore_point" add constraint "restore_point_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "restore_point" add constraint "restore_point_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "restore_point" cascade;`);
  }
}
