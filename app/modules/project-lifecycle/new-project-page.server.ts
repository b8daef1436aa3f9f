/**
 * /projects/new (docs/lifecycle.md#new-project): the start-up form's starting values and,
 * for a system admin (who belongs to no client), the client organisations to choose from.
 */
import { Client } from "~db/entities/index";
import { db } from "~db/orm";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { blankTeamRow, defaultStartupValues } from "./startup-form";

export async function loadNewProjectPage(user: CurrentUser) {
  const clients = user.role === "system_admin" ? (await db().find(Client, { isActive: true }, { fields: ["id", "name"], orderBy: { name: "asc" } })).map((c) => ({ id: c.id, name: c.name })) : null;
  return { values: defaultStartupValues(), team: [blankTeamRow("1")], clients };
}
