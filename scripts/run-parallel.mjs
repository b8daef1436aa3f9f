/**
 * Runs npm scripts side by side and fails if any fails: `node scripts/run-parallel.mjs lint typecheck`.
 * Each script's output is held and printed whole when it ends, so the two never interleave. The test
 * command uses it for the checks that read the sources but not each other's results (ESLint and tsc
 * each keep one core busy; one after the other they took 69 s of CI's two cores).
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write("usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]\n");
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> npm run ${name}: ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
