// `npm run migrate`: applies pending migrations to the configured database and exits.
// The server does the same at start-up; this is for deployments that migrate as a separate step.
import { closeDb, getDatabaseHandle } from "../src/server/db";

const handle = await getDatabaseHandle();
console.log(`[db] ${handle.dialect} database is up to date: ${handle.description}`);
await closeDb();
