import { Migration } from "@mikro-orm/migrations";

/**
 * Nothing lost (docs/operations.md#nothing-lost): deleting a document or template row no longer deletes
 * its bytes. A statement trigger on each table records the released keys in released_object, in the
 * delete's own transaction, whoever deletes (the ORM, the Danger Zone's raw SQL, a project's cascade);
 * transition tables make it one INSERT per statement however many rows it removed. The object sweep
 * deletes an object only once no live row, no unexpired restore point (restore_point_object) and no
 * release younger than a restore point's lifetime refers to it. restore_point.sha256 lets a restore
 * check the dump it reads back from the object store before running it; a restore over a project that
 * still exists first saves the project's current state as a restore point of its own (reason 'restore').
 */
export class Migration20261126063228_nothing_lost extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "released_object" ("id" bigserial primary key, "storage_key" text not null, "released_at" timestamptz not null default now());`);
    this.addSql(`create index "released_object_storage_key_index" on "released_object" ("storage_key");`);
    this.addSql(`create index "released_object_released_at_index" on "released_object" ("released_at");`);

    this.addSql(
      `create table "restore_point_object" ("restore_point_id" int not null, "storage_key" text not null, constraint "restore_point_object_pkey" primary key ("restore_point_id", "storage_key"));`,
    );
    this.addSql(`create index "restore_point_object_storage_key_index" on "restore_point_object" ("storage_key");`);
    this.addSql(
      `alter table "restore_point_object" add constraint "restore_point_object_restore_point_id_foreign" foreign key ("restore_point_id") references "restore_point" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "restore_point" add column "sha256" text null;`);
    // A restore over a project that still exists saves the project's current state first.
    this.addSql(`alter table "restore_point" drop constraint if exists "restore_point_reason_check";`);
    this.addSql(
      `alter table "restore_point" add constraint "restore_point_reason_check" check("reason" in ('delete-all-stakeholders', 'delete-all-properties', 'delete-all-engagements', 'reset-project', 'delete-project', 'restore'));`,
    );

    this.addSql(`create or replace function "released_object_record"() returns trigger language plpgsql as $$
      begin
        insert into "released_object" ("storage_key") select distinct "storage_key" from old_rows;
        return null;
      end $$;`);
    for (const table of ["document", "template"]) {
      this.addSql(`create trigger "${table}_released_object" after delete on "${table}" referencing old table as old_rows for each statement execute function "released_object_record"();`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "document_released_object" on "document";`);
    this.addSql(`drop trigger if exists "template_released_object" on "template";`);
    this.addSql(`drop function if exists "released_object_record"();`);
    this.addSql(`drop table if exists "released_object" cascade;`);
    this.addSql(`drop table if exists "restore_point_object" cascade;`);
    this.addSql(`alter table "restore_point" drop column "sha256";`);
    this.addSql(`delete from "restore_point" where "reason" = 'restore';`);
    this.addSql(`alter table "restore_point" drop constraint if exists "restore_point_reason_check";`);
    this.addSql(
      `alter table "restore_point" add constraint "restore_point_reason_check" check("reason" in ('delete-all-stakeholders', 'delete-all-properties', 'delete-all-engagements', 'reset-project', 'delete-project'));`,
    );
  }
}
