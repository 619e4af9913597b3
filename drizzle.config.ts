import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (npm run db:generate), committed, and applied by the server at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema/index.ts",
  out: "./drizzle",
});
