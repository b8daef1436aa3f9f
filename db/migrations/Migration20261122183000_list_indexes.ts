import { Migration } from "@mikro-orm/migrations";

/**
 * Indexes the list pages need on a large project (docs/architecture.md#performance): each sort reads its page in order from
 * an index instead of sorting the whole project, and the search boxes use trigram indexes on the
 * same expression the queries filter on (db/entities/search-text.ts; the SQL is written out here so
 * this migration never changes when that file does).
 */
const STAKEHOLDER_SEARCH_TEXT = `(coalesce(name, '') || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(email2, '') || E'\\n' || coalesce(email3, '') || E'\\n' || coalesce(phone, '') || E'\\n' || coalesce(phone2, '') || E'\\n' || coalesce(phone3, '') || E'\\n' || coalesce(mobile, '') || E'\\n' || coalesce(contact_phone, '') || E'\\n' || coalesce(business_phone, '') || E'\\n' || coalesce(home_phone, '') || E'\\n' || coalesce(cell_phone, '') || E'\\n' || coalesce(mobile_phone, '') || E'\\n' || coalesce(address, '') || E'\\n' || coalesce(address2, '') || E'\\n' || coalesce(address3, '') || E'\\n' || coalesce(company_name, ''))`;
const PROPERTY_SEARCH_TEXT = `(coalesce(address, '') || E'\\n' || coalesce(search, '') || E'\\n' || coalesce(volume, '') || E'\\n' || coalesce(folio, '') || E'\\n' || coalesce(proprietors::text, ''))`;

export class Migration20261122183000_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    // The priority sort is a due-date sort (see priorityOrderSql); the name breaks ties.
    this.addSql(`drop index "stakeholder_project_id_next_action_due_date_index";`);
    this.addSql(`create index "stakeholder_project_due_name_index" on "stakeholder" ("project_id", "next_action_due_date", lower("name"), "id");`);
    this.addSql(`create index "stakeholder_project_lower_name_index" on "stakeholder" ("project_id", lower("name"), "id");`);
    this.addSql(`create index "stakeholder_project_member_type_index" on "stakeholder" ("project_id", "member_type", lower("name"), "id");`);
    this.addSql(`create index "stakeholder_search_trgm_index" on "stakeholder" using gin (${STAKEHOLDER_SEARCH_TEXT} gin_trgm_ops);`);

    this.addSql(`create index "property_project_lower_address_index" on "property" ("project_id", lower("address"), "id");`);
    this.addSql(`create index "property_project_laa_order_index" on "property" ("project_id", (case when "has_laa" then "laa_expiry_date" end), "id");`);
    this.addSql(`create index "property_project_due_index" on "property" ("project_id", "next_action_due_date", "id");`);
    this.addSql(`create index "property_search_trgm_index" on "property" using gin (${PROPERTY_SEARCH_TEXT} gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "property_search_trgm_index";`);
    this.addSql(`drop index "property_project_due_index";`);
    this.addSql(`drop index "property_project_laa_order_index";`);
    this.addSql(`drop index "property_project_lower_address_index";`);
    this.addSql(`drop index "stakeholder_search_trgm_index";`);
    this.addSql(`drop index "stakeholder_project_member_type_index";`);
    this.addSql(`drop index "stakeholder_project_lower_name_index";`);
    this.addSql(`drop index "stakeholder_project_due_name_index";`);
    this.addSql(`create index "stakeholder_project_id_next_action_due_date_index" on "stakeholder" ("project_id", "next_action_due_date");`);
  }
}
