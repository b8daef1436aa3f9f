/*
 * GDAL's command-line tools as the reference the parcel modules are tested against (docs/records.md#parcels).
 * Debian's gdal-bin provides them; a machine without it skips those tests with this reason in their names.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const HAS_GDAL = spawnSync("ogrinfo", ["--version"]).status === 0;
export const GDAL_MISSING = HAS_GDAL ? "" : " (SKIPPED: GDAL's ogrinfo is not installed; apt-get install gdal-bin)";

export const gdal = (tool: "ogrinfo" | "ogr2ogr" | "gdaltransform", args: string[], input?: string) => execFileSync(tool, args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"] });

/** A fresh temporary folder for files GDAL reads; removed by the returned function. */
export function tempFolder(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parcels-"));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const fixturePath = (name: string) => new URL(`../fixtures/gis/${name}`, import.meta.url).pathname;
export const fixture = (name: string) => new Uint8Array(fs.readFileSync(fixturePath(name)));
