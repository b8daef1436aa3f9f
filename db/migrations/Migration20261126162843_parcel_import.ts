import { Migration } from "@mikro-orm/migrations";

/** The import wizard's Parcels type (docs/import.md#parcels): a GIS file type, staged shapes and the import type. */
export class Migration20261126162843_parcel_import extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "import_workbook" drop constraint if exists "import_workbook_file_type_check";`);

    this.addSql(`alter table "import_record" drop constraint if exists "import_record_import_type_check";`);

    this.addSql(`alter table "import_workbook" add constraint "import_workbook_file_type_check" check("file_type" in ('csv', 'excel', 'pdf', 'gis'));`);

    this.addSql(`alter table "import_staged_data" add column "gis" jsonb null;`);

    this.addSql(`alter table "import_staged_row" add column "geometry" jsonb null;`);

    this.addSql(`alter table "import_record" add constraint "import_record_import_type_check" check("import_type" in ('stakeholders', 'properties', 'parcels'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "import_record" drop constraint if exists "import_record_import_type_check";`);

    this.addSql(`alter table "import_workbook" drop constraint if exists "import_workbook_file_type_check";`);

    this.addSql(`alter table "import_record" add constraint "import_record_import_type_check" check("import_type" in ('stakeholders', 'properties'));`);

    this.addSql(`alter table "import_staged_data" drop column "gis";`);

    this.addSql(`alter table "import_staged_row" drop column "geometry";`);

    this.addSql(`alter table "import_workbook" add constraint "import_workbook_file_type_check" check("file_type" in ('csv', 'excel', 'pdf'));`);
  }
}
