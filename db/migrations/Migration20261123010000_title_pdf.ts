import { Migration } from "@mikro-orm/migrations";

/**
 * Land-title PDFs in the import wizard (docs/import.md#land-title-pdfs). A staged PDF keeps its bytes in the object store
 * (import_workbook.source_*) until the import runs; the import then records it as a document of every
 * property it created, all sharing the one object. So a storage key is no longer unique to one
 * document (an index instead), and each such document names its import (for Undo and history).
 */
export class Migration20261123010000_title_pdf extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "import_workbook" drop constraint if exists "import_workbook_file_type_check";`);
    this.addSql(`alter table "import_workbook" add constraint "import_workbook_file_type_check" check ("file_type" in ('csv', 'excel', 'pdf'));`);
    this.addSql(`alter table "import_workbook" add column "source_object_key" text null, add column "source_size" bigint null, add column "source_mime" text null;`);
    this.addSql(`create index "import_workbook_source_object_key_index" on "import_workbook" ("source_object_key");`);

    this.addSql(`alter table "document" drop constraint "document_storage_key_unique";`);
    this.addSql(`create index "document_storage_key_index" on "document" ("storage_key");`);
    this.addSql(`alter table "document" add column "import_id" int null;`);
    this.addSql(`alter table "document" add constraint "document_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "document_import_id_index" on "document" ("import_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "document_import_id_index";`);
    this.addSql(`alter table "document" drop constraint "document_import_id_foreign";`);
    this.addSql(`alter table "document" drop column "import_id";`);
    this.addSql(`drop index "document_storage_key_index";`);
    this.addSql(`alter table "document" add constraint "document_storage_key_unique" unique ("storage_key");`);

    this.addSql(`drop index "import_workbook_source_object_key_index";`);
    this.addSql(`alter table "import_workbook" drop column "source_object_key", drop column "source_size", drop column "source_mime";`);
    this.addSql(`delete from "import_workbook" where "file_type" = 'pdf';`);
    this.addSql(`alter table "import_workbook" drop constraint if exists "import_workbook_file_type_check";`);
    this.addSql(`alter table "import_workbook" add constraint "import_workbook_file_type_check" check ("file_type" in ('csv', 'excel'));`);
  }
}
