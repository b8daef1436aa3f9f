import { db } from "~db/orm";
import { INLINE_PREFIX } from "./profile-picture.server";

/**
 * What every signed-in page reads before its own work, in one statement (docs/architecture.md#one-read-per-request):
 * the session row, its user (active only) and the project selected in it (active only) with its
 * client and the user's active membership. Three round trips to PostgreSQL became one; each round
 * trip costs the app more CPU (the query's build, the socket write, the parse) than the lookups
 * themselves. Who may see what is still decided by the access modules, from these rows.
 */

/** The signed-in user's columns, as current-user.server.ts maps them. */
export interface SessionUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  systemRole: string;
  clientId: number | null;
  pictureInline: boolean;
  pictureVersion: string | null;
}

/** The selected project's columns (`p.*`), its client's (`client__` prefix) and the membership's role. */
export type SessionProjectRow = Record<string, unknown>;

export interface SessionRows {
  sess: Record<string, unknown>;
  expire: Date;
  user: SessionUserRow | null;
  project: SessionProjectRow | null;
}

/** An entity's stored columns, as the ORM maps them. */
const columnsOf = (entity: string) =>
  db()
    .getMetadata()
    .find(entity)!
    .props.flatMap((prop) => (prop.persist === false ? [] : (prop.fieldNames ?? [])));

let clientColumns: string | undefined;
/** The client's columns, each prefixed `client__`, so they ride in the project's row. */
export function clientColumnsSql(): string {
  clientColumns ??= columnsOf("Client")
    .map((column) => `c."${column}" as "client__${column}"`)
    .join(", ");
  return clientColumns;
}

let projectColumns: string | undefined;
/**
 * The project's columns by name rather than `p.*`: the read is a prepared statement, and a column a
 * migration adds would change the result of its kept plan, which PostgreSQL refuses to run.
 */
function projectColumnsSql(): string {
  projectColumns ??= columnsOf("Project")
    .map((column) => `p."${column}"`)
    .join(", ");
  return projectColumns;
}

let readSql: string | undefined;
function sessionReadSql(): string {
  // Only a selectedProjectId that is a plain integer joins (anything else would fail the cast).
  readSql ??= `select s.sess as "session__sess", s.expire as "session__expire",
            u.id as "user__id", u.email as "user__email", u.first_name as "user__firstName", u.last_name as "user__lastName",
            coalesce(u.profile_image_url ~ ?, false) as "user__pictureInline",
            left(md5(u.profile_image_url), 12) as "user__pictureVersion",
            u.system_role as "user__systemRole", u.client_id as "user__clientId",
            m.role as "membership__role", ${projectColumnsSql()}, ${clientColumnsSql()}
       from session s
       left join "user" u on u.id = s.sess->>'userId' and u.is_active = true
       left join project p
         on u.id is not null and p.is_active = true
        and p.id = case when s.sess->>'selectedProjectId' ~ '^[0-9]{1,9}$' then (s.sess->>'selectedProjectId')::int end
       left join client c on c.id = p.client_id
       left join project_membership m on m.project_id = p.id and m.user_id = u.id and m.is_active = true
      where s.sid = ? and s.expire > now()`;
  return readSql;
}

/** The statement and its parameters for one session id. */
export function sessionReadQuery(sid: string): { sql: string; params: unknown[] } {
  return { sql: sessionReadSql(), params: [INLINE_PREFIX, sid] };
}

/** Splits the joined row by its prefixes. */
export function splitSessionRow(row: Record<string, unknown>): SessionRows {
  const user: Record<string, unknown> = {};
  const project: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith("user__")) user[key.slice(6)] = value;
    else if (key.startsWith("session__")) continue;
    else project[key] = value;
  }
  return {
    sess: row["session__sess"] as Record<string, unknown>,
    expire: row["session__expire"] as Date,
    user: user.id ? (user as unknown as SessionUserRow) : null,
    project: project.id !== null && project.id !== undefined ? project : null,
  };
}
