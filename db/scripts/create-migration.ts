/**
 * Generates a migration from the difference between the entities and the committed migrations.
 *
 *   npx tsx db/scripts/create-migration.ts [--initial] [--name <suffix>]
 *
 * It creates a scratch database on the local PostgreSQL service (MIGRATION_PG_ADMIN_URL, else
 * TEST_PG_ADMIN_URL, else postgresql://postgres@127.0.0.1:5432), applies every committed
 * migration, asks MikroORM's migrator for the diff, writes db/migrations/Migration<timestamp>[_<suffix>].ts,
 * registers it in db/migrations/index.ts and drops the scratch database. Review the SQL before committing.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { MikroORM } from "@mikro-orm/postgresql";
import { createOrmConfig } from "../mikro-orm.config";
import { migrationsList } from "../migrations/index";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./scratch-database";

const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));
const INDEX_FILE = path.join(MIGRATIONS_DIR, "index.ts");
const ENTRIES_MARKER = "// Migration entries:";
const IMPORTS_MARKER = "// Migration imports:";

/** Later issues search with trigram similarity; the initial migration enables the extension. */
const INITIAL_PRELUDE = "create extension if not exists pg_trgm;";

async function main() {
  const { values } = parseArgs({
    options: { initial: { type: "boolean", default: false }, name: { type: "string" } },
  });
  const name = values.name ?? (values.initial ? "initial" : undefined);
  if (name && !/^[A-Za-z0-9_]+$/.test(name)) throw new Error("--name may contain only letters, digits and _");
  if (values.initial && migrationsList.length > 0) {
    throw new Error("--initial: db/migrations/index.ts already lists migrations");
  }

  const adminUrl = process.env.MIGRATION_PG_ADMIN_URL ?? process.env.TEST_PG_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const scratch = await createScratchDatabase(adminUrl, "migration_scratch");
  let orm: MikroORM | undefined;
  try {
    orm = await MikroORM.init(createOrmConfig({ clientUrl: scratch.url, poolMax: 2 }));
    const migrator = orm.getMigrator();
    const applied = await migrator.up();
    console.log(`Applied ${applied.length} committed migration(s) to ${scratch.name}.`);

    const result = await migrator.createMigration(MIGRATIONS_DIR, false, false, name);
    if (!result.fileName) {
      console.log("No changes: the entities match the committed migrations.");
      return;
    }
    const file = path.join(MIGRATIONS_DIR, result.fileName);
    if (values.initial) addPrelude(file);
    const className = path.basename(result.fileName, ".ts");
    registerMigration(className);
    console.log(`Wrote db/migrations/${result.fileName} (${result.diff.up.length} statements) and registered ${className}.`);
    console.log("Review it, then run the schema test: npx vitest run tests/integration/db-schema.test.ts --globals");
  } finally {
    await orm?.close(true);
    await scratch.drop();
  }
}

function addPrelude(file: string) {
  const source = fs.readFileSync(file, "utf8");
  const anchor = "override async up(): Promise<void> {\n";
  if (!source.includes(anchor)) throw new Error(`Unexpected migration layout in ${file}`);
  fs.writeFileSync(file, source.replace(anchor, `${anchor}    this.addSql(\`${INITIAL_PRELUDE}\`);\n\n`));
}

/** Adds the import and the list entry to db/migrations/index.ts, next to the markers. */
function registerMigration(className: string) {
  const source = fs.readFileSync(INDEX_FILE, "utf8");
  const importLine = `import { ${className} } from "./${className}";`;
  const entryLine = `  { name: "${className}", class: ${className} },`;
  const lines = source.split("\n");
  const importAt = lines.findIndex((l) => l.startsWith(IMPORTS_MARKER));
  const entryAt = lines.findIndex((l) => l.trim().startsWith(ENTRIES_MARKER));
  if (importAt < 0 || entryAt < 0) {
    console.warn(`Markers not found in ${INDEX_FILE}; add these lines by hand:\n${importLine}\n${entryLine}`);
    return;
  }
  // Imports go after the last existing migration import; entries before the marker, so order is kept.
  let lastImport = importAt;
  while (lines[lastImport + 1]?.startsWith("import { Migration")) lastImport++;
  lines.splice(entryAt, 0, entryLine);
  lines.splice(lastImport + 1, 0, importLine);
  fs.writeFileSync(INDEX_FILE, lines.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
