import { Migration } from "@mikro-orm/migrations";

/**
 * Import records (docs/import.md#the-import-job): one row per import with its progress and outcome, and the id of the import
 * that created each stakeholder and property, so the history can list them and Undo import can remove them.
 * Properties get custom_fields (as stakeholders have) for the wizard's "Create new field" columns.
 */
export class Migration20261122221000_imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "import_record" ("id" serial primary key, "project_id" int not null, "client_id" int not null, "created_by_id" text not null, "file_name" text not null, "import_type" text check ("import_type" in ('stakeholders', 'properties')) not null, "status" text check ("status" in ('queued', 'running', 'completed', 'failed', 'undone')) not null default 'queued', "data_key" text null, "mapping" jsonb not null default '{}', "total_rows" int not null default 0, "processed_rows" int not null default 0, "counts" jsonb not null default '{}', "skipped_rows" jsonb not null default '[]', "skipped_total" int not null default 0, "error" text null, "attempts" int not null default 0, "created_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, "undone_at" timestamptz null);`,
    );
    this.addSql(`create index "import_record_client_id_index" on "import_record" ("client_id");`);
    this.addSql(`create index "import_record_created_by_id_index" on "import_record" ("created_by_id");`);
    this.addSql(`create index "import_record_project_id_created_at_index" on "import_record" ("project_id", "created_at");`);

    this.addSql(`alter table "import_record" add constraint "import_record_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "import_record" add constraint "import_record_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "import_record" add constraint "import_record_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "stakeholder" add column "import_id" int null;`);
    this.addSql(`alter table "stakeholder" add constraint "stakeholder_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "stakeholder_import_id_index" on "stakeholder" ("import_id");`);

    this.addSql(`alter table "property" add column "custom_fields" jsonb null, add column "import_id" int null;`);
    this.addSql(`alter table "property" add constraint "property_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "property_import_id_index" on "property" ("import_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stakeholder" drop constraint "stakeholder_import_id_foreign";`);

    this.addSql(`alter table "property" drop constraint "property_import_id_foreign";`);

    this.addSql(`drop table if exists "import_record" cascade;`);

    this.addSql(`drop index "property_import_id_index";`);
    this.addSql(`alter table "property" drop column "custom_fields", drop column "import_id";`);

    this.addSql(`drop index "stakeholder_import_id_index";`);
    this.addSql(`alter table "stakeholder" drop column "import_id";`);
  }
}
