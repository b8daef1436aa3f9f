import { Migration } from "@mikro-orm/migrations";

/**
 * Import staging (docs/import.md#wizard-steps): an uploaded file under a random workbook key bound to its user, project and
 * client; each sheet's columns under a random data key; its rows as JSON cells. Removed with the workbook
 * (after the import, or after 24 hours).
 */
export class Migration20261122220000_import_staging extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "import_workbook" ("workbook_key" text not null, "user_id" text not null, "project_id" int not null, "client_id" int not null, "file_name" text not null, "file_type" text check ("file_type" in ('csv', 'excel')) not null, "sheets" jsonb not null, "created_at" timestamptz not null default now(), constraint "import_workbook_pkey" primary key ("workbook_key"));`,
    );
    this.addSql(`create index "import_workbook_user_id_index" on "import_workbook" ("user_id");`);
    this.addSql(`create index "import_workbook_project_id_index" on "import_workbook" ("project_id");`);
    this.addSql(`create index "import_workbook_client_id_index" on "import_workbook" ("client_id");`);
    this.addSql(`create index "import_workbook_created_at_index" on "import_workbook" ("created_at");`);

    this.addSql(
      `create table "import_staged_data" ("data_key" text not null, "workbook_key" text not null, "sheet" text null, "sheet_index" int not null, "columns" jsonb not null, "total_rows" int not null, "created_at" timestamptz not null default now(), constraint "import_staged_data_pkey" primary key ("data_key"));`,
    );
    this.addSql(`create index "import_staged_data_workbook_key_index" on "import_staged_data" ("workbook_key");`);

    this.addSql(
      `create table "import_staged_row" ("data_key" text not null, "row_number" int not null, "cells" jsonb not null, constraint "import_staged_row_pkey" primary key ("data_key", "row_number"));`,
    );

    this.addSql(`alter table "import_workbook" add constraint "import_workbook_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "import_workbook" add constraint "import_workbook_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "import_workbook" add constraint "import_workbook_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "import_staged_data" add constraint "import_staged_data_workbook_key_foreign" foreign key ("workbook_key") references "import_workbook" ("workbook_key") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "import_staged_row" add constraint "import_staged_row_data_key_foreign" foreign key ("data_key") references "import_staged_data" ("data_key") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "import_staged_row" cascade;`);
    this.addSql(`drop table if exists "import_staged_data" cascade;`);
    this.addSql(`drop table if exists "import_workbook" cascade;`);
  }
}
