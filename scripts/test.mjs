// `npm test`: every test runner, then one closing line with the totals: "N passed, N failed".
// - vitest: unit tests, and API tests against SQLite (and PostgreSQL when TEST_DATABASE_URL is set);
// - Playwright: end-to-end tests in Debian's Chromium against the built app served by server.ts.
// Without Chromium the browser tests are reported as not run (one line saying how to install it),
// except in CI (CI=true), where a missing browser is a failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "./build-state.mjs";
import { CHROMIUM_PATH as chromium } from "./chromium-args.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "test-results");
const ci = process.env.CI === "true" || process.env.CI === "1";
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const totals = { passed: 0, failed: 0 };

mkdirSync(outDir, { recursive: true });

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Unit and API tests.
const vitestJson = path.join(outDir, "vitest.json");
rmSync(vitestJson, { force: true });
const vitestStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
}
if (!vitest || (vitestStatus !== 0 && vitest.numFailedTests === 0)) totals.failed += 1; // the runner itself failed

// Browser tests.
if (existsSync(chromium)) {
  ensureBuild();
  const playwrightJson = path.join(outDir, "playwright.json");
  rmSync(playwrightJson, { force: true });
  const status = run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
  const report = readJson(playwrightJson);
  if (report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
  }
  if (!report || (status !== 0 && report.stats.unexpected === 0)) totals.failed += 1;
} else if (ci) {
  console.error(`Browser tests could not run: no Chromium at ${chromium} (CI requires it).`);
  totals.failed += 1;
} else {
  console.log(`Browser tests did not run: Chromium is not installed (install it with: sudo apt-get install chromium).`);
}

console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
