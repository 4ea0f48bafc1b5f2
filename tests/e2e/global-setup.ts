/**
 * Once per test run, before any worker: the base map's tile server (./tile-server.ts), one for every
 * worker, since the app server it is configured into is one too. The returned function stops it when
 * the run ends.
 */
import { startTileServer } from "./tile-server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const tiles = await startTileServer();
  return () => tiles.close();
}
