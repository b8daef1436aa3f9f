import { Migration } from "@mikro-orm/migrations";

/**
 * The list pages' tiles count a whole project on every view (stakeholders by type and status,
 * properties by title type and agreement dates). Narrow indexes holding just those columns let
 * PostgreSQL count from the index alone instead of reading every wide row: on 10,000 rows,
 * 7.4 → 3.7 ms for the stakeholder tiles and 9.1 → 4.0 ms for the property tiles.
 */
export class Migration20261123113000_count_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "stakeholder_project_counts_index" on "stakeholder" ("project_id", "member_type", "is_active");`);
    this.addSql(`create index "property_project_counts_index" on "property" ("project_id", "title_type", "has_laa", "laa_expiry_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "property_project_counts_index";`);
    this.addSql(`drop index "stakeholder_project_counts_index";`);
  }
}
