import "server-only";
import { connection } from "next/server";
import { mapConfigFromEnv, type MapConfig } from "@/lib/map-config";

/**
 * The base maps' configuration for a page that shows a map, read from the environment while the page
 * is rendered. `connection()` keeps Next from prerendering such a page at build time, when the
 * environment may be another (the build machine's, not the server's).
 */
export async function readMapConfig(env: NodeJS.ProcessEnv = process.env): Promise<MapConfig> {
  await connection();
  return mapConfigFromEnv(env);
}
