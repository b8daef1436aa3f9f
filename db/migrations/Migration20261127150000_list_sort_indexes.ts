import { Migration } from "@mikro-orm/migrations";
import { GRIEVANCE_SORT_INDEXES, PROPERTY_SORT_INDEXES, STAKEHOLDER_SORT_INDEXES } from "../entities/list-sort-indexes";

/**
 * An index for every list sort that had none (docs/data-access.md#lists): the stakeholders' e-mail sort,
 * the properties' volume and folio sorts, the grievances' severity and stage sorts. Each sorted all of
 * the project's rows to show 25 (6–15 ms of PostgreSQL's CPU on 10,000 rows).
 */
const INDEXES = [...STAKEHOLDER_SORT_INDEXES, ...PROPERTY_SORT_INDEXES, ...GRIEVANCE_SORT_INDEXES];

export class Migration20261127150000_list_sort_indexes extends Migration {
  override async up(): Promise<void> {
    for (const index of INDEXES) this.addSql(`${index.expression};`);
  }

  override async down(): Promise<void> {
    for (const index of INDEXES) this.addSql(`drop index if exists "${index.name}";`);
  }
}
