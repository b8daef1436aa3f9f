import { buildWorkers } from "../../scripts/build-extras.mjs";

/**
 * Once per integration run: the worker scripts under build/workers/ (the documents worker is bundled
 * from TypeScript, which a worker thread cannot load), as `npm run build` makes them, so a download
 * the build did not prebuild is written in the worker here too (docs/operations.md#off-the-request-path).
 */
export default async function setup() {
  await buildWorkers();
}
