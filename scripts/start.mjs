// `npm start`: builds when the sources changed since the last build, migrates (at server start-up) and
// serves the three sites on the embedded defaults. `npm start -- --no-build` skips the check.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (!process.argv.includes("--no-build")) ensureBuild();

const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "server.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
