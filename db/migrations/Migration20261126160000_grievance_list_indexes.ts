import { Migration } from "@mikro-orm/migrations";
import { GRIEVANCE_SEARCH_COLUMNS, searchTextSql } from "../entities/search-text";

/**
 * The grievance list's indexes (docs/records.md#grievance-list): each sort reads its page through an
 * index ending in the id tie-break, the tiles count from one narrow index, and the search box's
 * ILIKE '%term%' is answered by a trigram index on the same expression the query uses.
 */
export class Migration20261126160000_grievance_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "grievance_project_received_order_index" on "grievance" ("project_id", "received_at", "id");`);
    this.addSql(`create index "grievance_project_resolve_by_order_index" on "grievance" ("project_id", "resolve_by", "id");`);
    this.addSql(`create index "grievance_project_tiles_index" on "grievance" ("project_id", "stage", "acknowledge_by", "resolve_by");`);
    this.addSql(`create index "grievance_search_trgm_index" on "grievance" using gin (${searchTextSql(GRIEVANCE_SEARCH_COLUMNS)} gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    for (const name of ["grievance_project_received_order_index", "grievance_project_resolve_by_order_index", "grievance_project_tiles_index", "grievance_search_trgm_index"])
      this.addSql(`drop index if exists "${name}";`);
  }
}
