import { Migration } from "@mikro-orm/migrations";

export class Migration20261122022929_property_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "property_address_trgm_index" on "property" using gin ("address" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "property_address_trgm_index";`);
  }
}
