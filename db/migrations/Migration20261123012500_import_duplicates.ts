import { Migration } from "@mikro-orm/migrations";

/** The fields each table's match keys come from (app/modules/duplicates/match-keys.ts). */
const KEY_SOURCES = {
  stakeholder: [
    "name",
    "email",
    "email2",
    "email3",
    "phone",
    "phone2",
    "phone3",
    "mobile",
    "mobile_phone",
    "cell_phone",
    "home_phone",
    "business_phone",
    "contact_phone",
    "address",
    "address2",
    "address3",
    "member_type",
  ],
  property: ["address", "volume", "folio", "lot", "plan_number", "lot_plan_line"],
};

/**
 * Duplicates during an import (docs/import.md#duplicates): blocking keys on stakeholders and properties, the rows an import
 * holds back for the user, the merges it made (for Undo), and the owner links it made.
 *
 * The keys are computed in JS (metaphone, accent folding), so SQL cannot keep them current. Instead:
 * - a BEFORE UPDATE trigger clears a record's match_keys when a field they come from changes, whoever
 *   writes it (the ORM, an import, a bulk normalisation); the matcher recomputes cleared keys before it
 *   looks (refreshMatchKeys);
 * - AFTER statement triggers copy match_keys into <table>_match_key, one row per key with a b-tree index
 *   on (project_id, key), which the search joins to: set-based over the changed rows (transition tables).
 */
export class Migration20261123012500_import_duplicates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stakeholder_match_key" ("stakeholder_id" int not null, "key" text not null, "project_id" int not null, constraint "stakeholder_match_key_pkey" primary key ("stakeholder_id", "key"));`,
    );
    this.addSql(`create index "stakeholder_match_key_project_id_key_index" on "stakeholder_match_key" ("project_id", "key");`);

    this.addSql(
      `create table "property_match_key" ("property_id" int not null, "key" text not null, "project_id" int not null, constraint "property_match_key_pkey" primary key ("property_id", "key"));`,
    );
    this.addSql(`create index "property_match_key_project_id_key_index" on "property_match_key" ("project_id", "key");`);

    this.addSql(
      `create table "import_merge" ("id" serial primary key, "import_id" int not null, "kind" text check ("kind" in ('stakeholder', 'property')) not null, "entity_id" int not null, "before" jsonb not null, "after" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "import_merge_import_id_index" on "import_merge" ("import_id");`);

    this.addSql(
      `create table "import_duplicate" ("id" serial primary key, "import_id" int not null, "project_id" int not null, "row_number" int not null, "kind" text check ("kind" in ('stakeholder', 'property')) not null, "incoming" jsonb not null, "candidates" jsonb not null, "action" text check ("action" in ('link', 'merge', 'create')) null, "selected_id" int null, "outcome" jsonb null, "resolved_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "import_duplicate_project_id_index" on "import_duplicate" ("project_id");`);
    this.addSql(`create index "import_duplicate_import_id_row_number_index" on "import_duplicate" ("import_id", "row_number");`);

    this.addSql(
      `alter table "stakeholder_match_key" add constraint "stakeholder_match_key_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "property_match_key" add constraint "property_match_key_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "import_merge" add constraint "import_merge_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "import_duplicate" add constraint "import_duplicate_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "import_duplicate" add constraint "import_duplicate_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "import_record" add column "duplicates_resolved_at" timestamptz null;`);

    this.addSql(`alter table "stakeholder" add column "match_keys" text[] null;`);

    this.addSql(`alter table "property" add column "match_keys" text[] null;`);

    this.addSql(`alter table "stakeholder_property" add column "import_id" int null;`);
    this.addSql(
      `alter table "stakeholder_property" add constraint "stakeholder_property_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "stakeholder_property_import_id_index" on "stakeholder_property" ("import_id");`);

    for (const [table, columns] of Object.entries(KEY_SOURCES)) {
      const changed = columns.map((c) => `new."${c}" is distinct from old."${c}"`).join(" or ");
      this.addSql(`create or replace function "${table}_match_keys_stale"() returns trigger language plpgsql as $$
        begin
          if new.match_keys is not distinct from old.match_keys and (${changed}) then
            new.match_keys := null;
          end if;
          return new;
        end $$;`);
      this.addSql(`create trigger "${table}_match_keys_stale" before update on "${table}" for each row execute function "${table}_match_keys_stale"();`);
      // Inserted rows' keys, and updated rows' keys when they changed (a cleared key list removes them).
      this.addSql(`create or replace function "${table}_match_keys_insert"() returns trigger language plpgsql as $$
        begin
          insert into "${table}_match_key" ("${table}_id", "key", "project_id")
          select distinct n.id, k.key, n.project_id from new_rows n, unnest(n.match_keys) as k(key);
          return null;
        end $$;`);
      this.addSql(`create or replace function "${table}_match_keys_update"() returns trigger language plpgsql as $$
        begin
          delete from "${table}_match_key" m using new_rows n join old_rows o on o.id = n.id
           where m."${table}_id" = n.id and n.match_keys is distinct from o.match_keys;
          insert into "${table}_match_key" ("${table}_id", "key", "project_id")
          select distinct n.id, k.key, n.project_id from new_rows n join old_rows o on o.id = n.id, unnest(n.match_keys) as k(key)
           where n.match_keys is distinct from o.match_keys;
          return null;
        end $$;`);
      this.addSql(`create trigger "${table}_match_keys_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function "${table}_match_keys_insert"();`);
      this.addSql(
        `create trigger "${table}_match_keys_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function "${table}_match_keys_update"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of Object.keys(KEY_SOURCES)) {
      for (const name of ["stale", "insert", "update"]) {
        this.addSql(`drop trigger if exists "${table}_match_keys_${name}" on "${table}";`);
        this.addSql(`drop function if exists "${table}_match_keys_${name}"();`);
      }
    }
    this.addSql(`drop table if exists "stakeholder_match_key" cascade;`);

    this.addSql(`drop table if exists "property_match_key" cascade;`);

    this.addSql(`drop table if exists "import_merge" cascade;`);

    this.addSql(`drop table if exists "import_duplicate" cascade;`);

    this.addSql(`alter table "stakeholder_property" drop constraint "stakeholder_property_import_id_foreign";`);

    this.addSql(`alter table "import_record" drop column "duplicates_resolved_at";`);

    this.addSql(`alter table "property" drop column "match_keys";`);

    this.addSql(`alter table "stakeholder" drop column "match_keys";`);

    this.addSql(`drop index "stakeholder_property_import_id_index";`);
    this.addSql(`alter table "stakeholder_property" drop column "import_id";`);
  }
}
