import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
// CI sets TEST_DATABASE_URL (a PostgreSQL database): the API tests then run once on each database.
const postgresUrl = process.env.TEST_DATABASE_URL;
const apiTests = ["tests/api/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@messages": path.join(root, "messages"),
      "@": path.join(root, "src"),
      "server-only": path.join(root, "tests/support/empty.ts"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Logs of passing tests (the outbox prints every mail) are noise; a failing test keeps its output.
    silent: "passed-only",
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "api:sqlite", include: apiTests, setupFiles: ["tests/support/database.ts"], env: { TEST_DIALECT: "sqlite" } },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "api:postgres",
                include: apiTests,
                setupFiles: ["tests/support/database.ts"],
                env: { TEST_DIALECT: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
