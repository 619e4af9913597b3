/**
 * The published schema of an exported dossier is frozen per version: it must equal the committed copy in
 * docs/schemas/. Changing the Zod schema means publishing a new version (DOSSIER_SCHEMA_VERSION) and its copy:
 * `UPDATE_DOSSIER_SCHEMA=1 npx vitest run app/domain/export/dossier-schema.test.ts` writes it. The export's output
 * is validated against this schema in app/server/export/export.server.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { DOSSIER_SCHEMA_VERSION, DOSSIER_SCHEMA_VERSIONS, dossierJsonSchema, dossierSchemaPath } from "./dossier-document";

const BASE = "https://casus.example.nl";
const COPY = path.resolve(import.meta.dirname, `../../../docs/schemas/dossier-${DOSSIER_SCHEMA_VERSION}.json`);

const minimal = {
  $schema: `${BASE}${dossierSchemaPath()}`,
  schemaVersion: DOSSIER_SCHEMA_VERSION,
  id: "6f1c1f36-3f35-4c1b-8d3e-4f7a3b2a1c00",
  pseudonymised: false,
  organisation: { id: "6f1c1f36-3f35-4c1b-8d3e-4f7a3b2a1c01", name: "Praktijk" },
  professional: { id: "6f1c1f36-3f35-4c1b-8d3e-4f7a3b2a1c02", role: "professional", name: "P" },
  supervisor: null,
  patient: null,
  status: "draft",
  earSide: "left",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  submittedAt: null,
  completedAt: null,
  anamnesis: { complaints: [], history: [] },
  reasoning: {},
  review: null,
};

describe("the exported dossier's JSON Schema", () => {
  it("is the committed copy of its version (a published version never changes)", () => {
    const generated = `${JSON.stringify(dossierJsonSchema(BASE), null, 2)}\n`;
    if (process.env.UPDATE_DOSSIER_SCHEMA === "1") fs.writeFileSync(COPY, generated);
    expect(generated).toBe(fs.readFileSync(COPY, "utf8"));
  });

  it("is a valid 2020-12 schema with its own address, and refuses what the exporter must never write", () => {
    const schema = dossierJsonSchema(BASE);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe(`${BASE}${dossierSchemaPath()}`);
    expect(dossierSchemaPath()).toMatch(/^\/schemas\/dossier\/\d+-\d+-\d+\.json$/);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(minimal), JSON.stringify(validate.errors)).toBe(true);
    // A credential, an unknown status, a phone in a person: all refused (additionalProperties false, enums).
    expect(validate({ ...minimal, professional: { ...minimal.professional, email: "p@x.test" } })).toBe(false);
    expect(validate({ ...minimal, status: "archived" })).toBe(false);
    expect(validate({ ...minimal, createdAt: "yesterday" })).toBe(false);
    expect(validate({ ...minimal, anamnesis: { complaints: ["sneezing"], history: [] } })).toBe(false);
    // 1-0-1: the supervisor's advised follow-up carries its days, within the professional's bounds.
    const review = (followUpDays: number) => ({ ...minimal, review: { ears: { left: { plan: ["follow-up"], followUpDays } } } });
    expect(validate(review(14)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(review(0))).toBe(false);
  });

  it("keeps the older version's frozen copy, which refuses what 1-0-1 added (hence the new version)", () => {
    expect(DOSSIER_SCHEMA_VERSIONS).toEqual(["1-0-0", DOSSIER_SCHEMA_VERSION]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(path.dirname(COPY), "dossier-1-0-0.json"), "utf8")));
    const ears = (left: object) => ({
      ...minimal,
      $schema: `${BASE}${dossierSchemaPath("1-0-0")}`,
      schemaVersion: "1-0-0",
      review: { ears: { left } },
    });
    expect(validate(ears({ plan: ["follow-up"] })), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(ears({ plan: ["follow-up"], followUpDays: 14 }))).toBe(false);
  });
});
