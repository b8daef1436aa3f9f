import { Migration } from "@mikro-orm/migrations";

/**
 * Stakeholder Property Groups (docs/architecture.md#performance): each stakeholder with linked properties has a row in
 * stakeholder_link_count holding how many, so a page of groups is an index scan with a limit instead of
 * counting every link of the project on every request.
 *
 * - Its own narrow table, not a stakeholder column: a column made every link write rewrite the wide
 *   stakeholder row and all its indexes (the trigram GIN index among them; 2,000 links in one INSERT went
 *   from ~120 to ~400 ms, their DELETE from ~10 to ~350 ms) and bloated the stakeholder table.
 * - Only stakeholders with links have a row (a count that reaches 0 is deleted), so every row is a group.
 * - AFTER INSERT / DELETE / UPDATE statement triggers on stakeholder_property apply, per stakeholder, what
 *   the statement changed (transition tables: one or two statements however many links it wrote, as
 *   imports do). Deltas rather than recounts: an upsert's `count + n` and an update's `count - n` are
 *   applied to the newest row version when two transactions link the same stakeholder; a recount would
 *   use the statement's snapshot and lose one of them. Rows are written in stakeholder order so two
 *   bulk statements lock them in the same order.
 * - A delete subtracts, then removes the rows of the statement's stakeholders that reached 0 (a second
 *   statement, so it sees concurrent inserts committed in between rather than deleting their count).
 * - An UPDATE may move links to other stakeholders; links whose stakeholder did not change (import_id set
 *   null when an import is deleted) net to zero and touch nothing. UPDATE triggers with transition tables
 *   cannot name columns, so the function filters. A row's project_id is the stakeholder's (the links'
 *   project_id, which is always the stakeholder's project); a link moved to another project alone is not
 *   followed (the app never does it).
 * - Foreign-key cascades are ordinary deletes here (deleting a property removes its links and
 *   subtracts); deleting a stakeholder or project removes the count rows by their own cascade. The app
 *   never TRUNCATEs stakeholder_property, and never changes a stakeholder's id.
 * - A SQL dump leaves the table out (app/modules/database-export/sql-dump.ts DERIVED_TABLES): the
 *   restore's link INSERTs rebuild it through these triggers, where dumped rows would be counted twice.
 */
export class Migration20261123113005_stakeholder_link_count extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stakeholder_link_count" ("stakeholder_id" int not null, "project_id" int not null, "property_count" int not null, constraint "stakeholder_link_count_pkey" primary key ("stakeholder_id"));`,
    );
    // A page of groups, no search: the project's rows in count order (the name/id tie-break sorts only
    // the rows of equal count the limit reaches, an incremental sort).
    this.addSql(`create index "stakeholder_link_count_project_count_index" on "stakeholder_link_count" ("project_id", "property_count" desc);`);
    this.addSql(
      `alter table "stakeholder_link_count" add constraint "stakeholder_link_count_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "stakeholder_link_count" add constraint "stakeholder_link_count_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`create or replace function "stakeholder_link_count_insert"() returns trigger language plpgsql as $$
      begin
        insert into "stakeholder_link_count" as c ("stakeholder_id", "project_id", "property_count")
        select "stakeholder_id", min("project_id"), count(*)::int from new_rows group by 1 order by 1
        on conflict ("stakeholder_id") do update set "property_count" = c."property_count" + excluded."property_count";
        return null;
      end $$;`);
    this.addSql(`create or replace function "stakeholder_link_count_delete"() returns trigger language plpgsql as $$
      begin
        update "stakeholder_link_count" c set "property_count" = c."property_count" - d.n
          from (select "stakeholder_id", count(*)::int as n from old_rows group by 1 order by 1) d
         where c."stakeholder_id" = d."stakeholder_id";
        if found then
          delete from "stakeholder_link_count" c
           where c."stakeholder_id" in (select "stakeholder_id" from old_rows) and c."property_count" <= 0;
        end if;
        return null;
      end $$;`);
    this.addSql(`create or replace function "stakeholder_link_count_update"() returns trigger language plpgsql as $$
      begin
        with moved as (
          select "stakeholder_id", min("project_id") as "project_id", sum(n)::int as n
            from (select "stakeholder_id", "project_id", 1 as n from new_rows
                  union all select "stakeholder_id", null, -1 from old_rows) m
           group by 1 having sum(n) <> 0
        ), added as (
          insert into "stakeholder_link_count" as c ("stakeholder_id", "project_id", "property_count")
          select "stakeholder_id", "project_id", n from moved where n > 0 order by 1
          on conflict ("stakeholder_id") do update set "property_count" = c."property_count" + excluded."property_count"
        )
        update "stakeholder_link_count" c set "property_count" = c."property_count" + m.n
          from moved m where c."stakeholder_id" = m."stakeholder_id" and m.n < 0;
        if found then
          delete from "stakeholder_link_count" c
           where c."stakeholder_id" in (select "stakeholder_id" from old_rows) and c."property_count" <= 0;
        end if;
        return null;
      end $$;`);
    // Created before the backfill: they lock stakeholder_property against writes until the migration commits.
    this.addSql(
      `create trigger "stakeholder_link_count_insert" after insert on "stakeholder_property" referencing new table as new_rows for each statement execute function "stakeholder_link_count_insert"();`,
    );
    this.addSql(
      `create trigger "stakeholder_link_count_delete" after delete on "stakeholder_property" referencing old table as old_rows for each statement execute function "stakeholder_link_count_delete"();`,
    );
    this.addSql(
      `create trigger "stakeholder_link_count_update" after update on "stakeholder_property" referencing old table as old_rows new table as new_rows for each statement execute function "stakeholder_link_count_update"();`,
    );

    this.addSql(`insert into "stakeholder_link_count" ("stakeholder_id", "project_id", "property_count")
      select "stakeholder_id", min("project_id"), count(*)::int from "stakeholder_property" group by 1;`);
  }

  override async down(): Promise<void> {
    for (const name of ["insert", "delete", "update"]) {
      this.addSql(`drop trigger if exists "stakeholder_link_count_${name}" on "stakeholder_property";`);
      this.addSql(`drop function if exists "stakeholder_link_count_${name}"();`);
    }
    this.addSql(`drop table if exists "stakeholder_link_count" cascade;`);
  }
}
