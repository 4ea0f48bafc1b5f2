// `npm run bench`: every benchmark in turn, each in its own process — the plan API (bench/plan-api.mjs,
// which also makes sure the production build is current), live collaboration across two processes
// (bench/collaboration.mjs, PostgreSQL and Redis), the editor in a browser (bench/editor.mjs),
// the plan export in a browser (bench/export.mjs), the front pages' JavaScript (bench/front-page.mjs) and the admin's customer list with 100,000 generated
// customers (bench/admin-customers.ts, in-process, through tsx). Each prints ratios against a bare
// baseline measured in the same run. The exit code is non-zero only when a benchmark itself broke (a missed target is
// reported, not failed); a broken one does not stop the next.
import { spawn } from "node:child_process";
import path from "node:path";

const benches = ["plan-api.mjs", "collaboration.mjs", "editor.mjs", "export.mjs", "front-page.mjs", "admin-customers.ts"];
const TS_LOADER = ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs"];
const started = Date.now();
const results = [];
let current = null;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  // The running benchmark gets the signal too (same process group when run from a terminal); pass it on
  // for the other cases and let it clean up before this process ends.
  process.on(signal, () => {
    stopping = true;
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(130);
  });
}

for (const file of benches) {
  if (stopping) break;
  console.log(`\n=== ${file} ===\n`);
  const t0 = Date.now();
  const code = await new Promise((resolve) => {
    const args = [...(file.endsWith(".ts") ? TS_LOADER : []), path.join(import.meta.dirname, file)];
    current = spawn(process.execPath, args, { stdio: "inherit" });
    current.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    current.on("error", () => resolve(1));
  });
  current = null;
  results.push({ file, code, seconds: (Date.now() - t0) / 1000 });
}

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
for (const { file, code, seconds } of results)
  console.log(`${file.padEnd(14)} ${code === 0 ? "ran" : `BROKE (exit ${code})`} in ${seconds.toFixed(0)} s`);
process.exit(stopping ? 130 : results.some((r) => r.code !== 0) ? 1 : 0);
