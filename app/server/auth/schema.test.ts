/**
 * Our Drizzle tables (app/server/db/schema/auth.ts) against the tables Better Auth expects for the options we
 * really use (createAuth: admin plugin, additional user fields, database rate limiting). A plugin or option that
 * needs a column we do not have fails here, not at a user's first sign-in.
 */
import { getSchema } from "better-auth/db";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_AUTH_SECRET } from "../../../tests/support/test-database";
import { loadConfig } from "../config.server";
import { type DatabaseHandle, openDatabase } from "../db/client.server";
import * as schema from "../db/schema";
import { createAuth } from "./auth.server";

type ExpectedTables = ReturnType<typeof getSchema>;

let handle: DatabaseHandle;
let expected: ExpectedTables;

beforeAll(async () => {
  // A pool that never connects: creating Better Auth only needs the options, not a live database.
  handle = await openDatabase({ url: "postgres://casus@127.0.0.1:1/unused" });
  const auth = createAuth(handle.db, loadConfig({ NODE_ENV: "test", AUTH_SECRET: TEST_AUTH_SECRET, BASE_URL: "http://localhost:3999" }));
  expected = getSchema(auth.options as Parameters<typeof getSchema>[0]);
});
afterAll(async () => {
  await handle?.close();
});

const tables = schema as unknown as Record<string, PgTable | undefined>;

/** Drizzle column types that hold each Better Auth field type. */
const COLUMN_TYPES: Record<string, string[]> = {
  string: ["PgText", "PgVarchar"],
  boolean: ["PgBoolean"],
  date: ["PgTimestamp", "PgTimestampString"],
  number: ["PgInteger", "PgBigInt53", "PgDoublePrecision", "PgNumeric"],
};

function columnsOf(table: PgTable): Record<string, PgColumn> {
  return table as unknown as Record<string, PgColumn>;
}

describe("Better Auth's tables in our Drizzle schema", () => {
  it("includes the tables of every feature we use (admin, twoFactor and phoneNumber plugins, additional fields, database rate limit)", () => {
    expect(Object.keys(expected).sort()).toEqual(["account", "rateLimit", "session", "twoFactor", "user", "verification"]);
    expect(Object.keys(expected.user.fields)).toEqual(expect.arrayContaining(["role", "banned", "banReason", "banExpires", "locale"]));
    expect(Object.keys(expected.session.fields)).toContain("impersonatedBy");
  });

  it("has every expected table, each with an id primary key", () => {
    for (const model of Object.keys(expected)) {
      const table = tables[model];
      expect(table, `table "${model}"`).toBeDefined();
      const id = columnsOf(table!).id;
      expect(id, `${model}.id`).toBeDefined();
      expect(id.primary, `${model}.id is the primary key`).toBe(true);
    }
  });

  it("has every expected field as a property, with a compatible column", () => {
    const problems: string[] = [];
    for (const [model, { fields }] of Object.entries(expected)) {
      const table = tables[model];
      if (!table) continue;
      for (const [name, field] of Object.entries(fields)) {
        const column = columnsOf(table)[name];
        if (!column) {
          problems.push(`${model}.${name} is missing`);
          continue;
        }
        const type = String(field.type);
        if (!(COLUMN_TYPES[type] ?? []).includes(column.columnType)) problems.push(`${model}.${name}: ${column.columnType} cannot hold a ${type}`);
        if (field.required && !column.notNull) problems.push(`${model}.${name} is required but nullable`);
        if (field.unique && !column.isUnique) problems.push(`${model}.${name} must be unique`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("references the user from sessions and accounts, deleting them with the user", () => {
    for (const model of ["session", "account"] as const) {
      expect(expected[model].fields.userId.references?.model).toBe("user");
      const foreignKey = getTableConfig(tables[model]!).foreignKeys.find((fk) => fk.reference().columns.some((c) => c.name === "user_id"));
      expect(foreignKey, `${model}.user_id references user`).toBeDefined();
      const reference = foreignKey!.reference();
      expect(getTableConfig(reference.foreignTable).name).toBe("user");
      expect(reference.foreignColumns.map((c) => c.name)).toEqual(["id"]);
      expect(foreignKey!.onDelete).toBe("cascade");
    }
  });

  it("gives the role column the admin plugin's default role", () => {
    expect(columnsOf(schema.user).role.default).toBe("professional");
    expect(columnsOf(schema.user).locale.default).toBe("nl");
  });
});
