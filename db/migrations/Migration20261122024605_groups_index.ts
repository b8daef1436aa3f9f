import { Migration } from "@mikro-orm/migrations";

export class Migration20261122024605_groups_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "stakeholder_property_project_id_index";`);

    this.addSql(`create index "stakeholder_property_project_id_stakeholder_id_index" on "stakeholder_property" ("project_id", "stakeholder_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "stakeholder_property_project_id_stakeholder_id_index";`);

    this.addSql(`create index "stakeholder_property_project_id_index" on "stakeholder_property" ("project_id");`);
  }
}
