import { Migration } from "@mikro-orm/migrations";

/**
 * Stakeholder Property Groups (performance issue 8): each stakeholder carries its number of linked
 * properties, so a page of groups is an index scan with a limit instead of counting every link of the
 * project on every request.
 *
 * - AFTER INSERT / DELETE / UPDATE statement triggers on stakeholder_property add and subtract, per
 *   stakeholder, what the statement changed (transition tables: one UPDATE of stakeholder per statement,
 *   however many links it wrote, as imports do). Deltas rather than recounts: `count + d` is re-read on
 *   the newest row version when two transactions link the same stakeholder, a recount would use the
 *   statement's snapshot and lose one of them.
 * - An UPDATE may move a link to another stakeholder; links whose stakeholder did not change (import_id
 *   set null when an import is deleted) net to zero and touch nothing.
 * - Foreign-key cascades are ordinary deletes here (deleting a property removes its links and subtracts);
 *   deleting a stakeholder removes the row itself, so its update finds nothing. The app never TRUNCATEs
 *   stakeholder_property, and never changes a stakeholder's id (ON UPDATE CASCADE would count twice).
 * - The update of property_count alone changes no match-key source column, so the match-key triggers on
 *   stakeholder leave match_keys alone, and neither version nor updated_at is touched (the ORM's
 *   optimistic locking is not disturbed by links made elsewhere).
 * - A SQL dump leaves property_count out (app/modules/database-export/sql-dump.ts DERIVED_COLUMNS): the
 *   restore's link INSERTs recompute it through these triggers.
 */
export class Migration20261123113005_stakeholder_property_count extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "stakeholder" add column "property_count" int not null default 0;`);

    this.addSql(`create or replace function "stakeholder_property_count_insert"() returns trigger language plpgsql as $$
      begin
        update "stakeholder" s set "property_count" = s."property_count" + d.n
          from (select "stakeholder_id", count(*)::int as n from new_rows group by 1) d
         where s."id" = d."stakeholder_id";
        return null;
      end $$;`);
    this.addSql(`create or replace function "stakeholder_property_count_delete"() returns trigger language plpgsql as $$
      begin
        update "stakeholder" s set "property_count" = s."property_count" - d.n
          from (select "stakeholder_id", count(*)::int as n from old_rows group by 1) d
         where s."id" = d."stakeholder_id";
        return null;
      end $$;`);
    this.addSql(`create or replace function "stakeholder_property_count_update"() returns trigger language plpgsql as $$
      begin
        update "stakeholder" s set "property_count" = s."property_count" + d.n
          from (select "stakeholder_id", sum(n)::int as n
                  from (select "stakeholder_id", 1 as n from new_rows union all select "stakeholder_id", -1 from old_rows) moved
                 group by 1 having sum(n) <> 0) d
         where s."id" = d."stakeholder_id";
        return null;
      end $$;`);
    // Created before the backfill: they lock stakeholder_property against writes until the migration commits.
    this.addSql(
      `create trigger "stakeholder_property_count_insert" after insert on "stakeholder_property" referencing new table as new_rows for each statement execute function "stakeholder_property_count_insert"();`,
    );
    this.addSql(
      `create trigger "stakeholder_property_count_delete" after delete on "stakeholder_property" referencing old table as old_rows for each statement execute function "stakeholder_property_count_delete"();`,
    );
    this.addSql(
      `create trigger "stakeholder_property_count_update" after update on "stakeholder_property" referencing old table as old_rows new table as new_rows for each statement execute function "stakeholder_property_count_update"();`,
    );

    this.addSql(`update "stakeholder" s set "property_count" = c.n
      from (select "stakeholder_id", count(*)::int as n from "stakeholder_property" group by 1) c
     where s."id" = c."stakeholder_id";`);

    // Page 1 of the groups, no search: (project_id) then the page's order, over the stakeholders with links only.
    this.addSql(`create index "stakeholder_project_property_count_index" on "stakeholder" ("project_id", "property_count" desc, "name", "id") where "property_count" > 0;`);
  }

  override async down(): Promise<void> {
    for (const name of ["insert", "delete", "update"]) {
      this.addSql(`drop trigger if exists "stakeholder_property_count_${name}" on "stakeholder_property";`);
      this.addSql(`drop function if exists "stakeholder_property_count_${name}"();`);
    }
    this.addSql(`drop index "stakeholder_project_property_count_index";`);
    this.addSql(`alter table "stakeholder" drop column "property_count";`);
  }
}
