/**
 * The exported dossier (issue 15): one document per dossier, described by a versioned JSON Schema that is generated
 * from this Zod schema — the same schema the exporter's types come from and the tests validate against, so the two
 * cannot drift apart. The version is MODEL-REVISION-ADDITION (SchemaVer): MODEL changes break readers, REVISION may
 * break some, ADDITION only adds optional fields. A published version is frozen: changing this schema without a new
 * version fails `dossier-schema.test.ts`, which compares it with the committed copy in docs/schemas/.
 */
import { z } from "zod";
import { EAR_SIDES, EARS } from "../dossier/choices";
import { anamnesisSchema, reasoningSchema, reviewSchema } from "../dossier/content";
import { DOSSIER_STATUSES } from "../dossier/lifecycle";

/**
 * 1-0-1 (ADDITION) added the supervisor's follow-up days per ear (`review.ears.*.followUpDays`): a new optional
 * field, but 1-0-0's closed objects refuse it, so a document carrying it could not name 1-0-0.
 */
export const DOSSIER_SCHEMA_VERSION = "1-0-1";
/** Every version this server can describe, the older ones from their frozen copies; `/schemas/dossier/{version}.json`. */
export const DOSSIER_SCHEMA_VERSIONS = ["1-0-0", DOSSIER_SCHEMA_VERSION] as const;
export type DossierSchemaVersion = (typeof DOSSIER_SCHEMA_VERSIONS)[number];

export function dossierSchemaPath(version: string = DOSSIER_SCHEMA_VERSION): string {
  return `/schemas/dossier/${version}.json`;
}

const id = z.uuid();
const timestamp = z.iso.datetime();

/** A person as an export names them: id and display name, never credentials or contact details. */
const personSchema = z
  .object({
    id,
    role: z.enum(["admin", "supervisor", "professional"]),
    /** The display name, or under pseudonymisation the role and a pseudonym ("professional 3f2a9c"). */
    name: z.string(),
  })
  .strict();

const patientSchema = z
  .object({
    /** The stored id, or under pseudonymisation an HMAC pseudonym stable per recipient. */
    id,
    /** E.164, absent when pseudonymised. */
    phone: z.string().optional(),
    initials: z.string().nullable().optional(),
    /** Absent when pseudonymised (then birthYearBand). */
    birthYear: z.number().int().nullable().optional(),
    /** Five-year band such as "1980-1984", only when pseudonymised. */
    birthYearBand: z
      .string()
      .regex(/^\d{4}-\d{4}$/)
      .nullable()
      .optional(),
    sex: z.string().nullable(),
  })
  .strict();

const messageSchema = z
  .object({
    id,
    author: personSchema,
    /** Absent when free text was removed. */
    body: z.string().optional(),
    at: timestamp,
  })
  .strict();

const eventSchema = z
  .object({
    kind: z.string(),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    actor: personSchema.nullable(),
    /** Small facts of the event (which sections an edit touched); null when pseudonymised. */
    detail: z.record(z.string(), z.unknown()).nullable(),
    at: timestamp,
  })
  .strict();

const mediumSchema = z
  .object({
    id,
    ear: z.enum(EARS),
    kind: z.enum(["video", "image"]),
    contentType: z.string(),
    size: z.number().int().min(0),
    /** SHA-256 (lower-case hex) of the stored object. */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: timestamp,
    /** The object's path inside the zip (`media/<id>.<ext>`); null in NDJSON, which carries no bytes. */
    path: z.string().nullable(),
  })
  .strict();

export const exportedDossierSchema = z
  .object({
    $schema: z.url(),
    schemaVersion: z.literal(DOSSIER_SCHEMA_VERSION),
    id,
    pseudonymised: z.boolean(),
    organisation: z.object({ id, name: z.string() }).strict(),
    professional: personSchema,
    /** The reviewing supervisor, once one claimed the dossier. */
    supervisor: personSchema.nullable(),
    patient: patientSchema.nullable(),
    status: z.enum(DOSSIER_STATUSES),
    earSide: z.enum(EAR_SIDES),
    createdAt: timestamp,
    updatedAt: timestamp,
    submittedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    anamnesis: anamnesisSchema,
    /** Clinical reasoning per ear. */
    reasoning: reasoningSchema,
    review: reviewSchema.nullable(),
    /** The reasoning score of a completed review, where there is one. */
    reasoningScore: z.number().min(0).max(100).nullable().optional(),
    /** Present unless the export left the thread out. */
    thread: z.array(messageSchema).optional(),
    /** Present unless the export left the event log out. */
    events: z.array(eventSchema).optional(),
    /** Present unless the export left the media out. */
    media: z.array(mediumSchema).optional(),
  })
  .strict();

export type ExportedDossier = z.infer<typeof exportedDossierSchema>;
export type ExportedPerson = z.infer<typeof personSchema>;
export type ExportedMedium = z.infer<typeof mediumSchema>;

/** The JSON Schema (2020-12) of one version, with its `$id` on this server. */
export function dossierJsonSchema(baseUrl: string): Record<string, unknown> {
  const generated = z.toJSONSchema(exportedDossierSchema, { target: "draft-2020-12", io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...generated,
    $id: `${baseUrl}${dossierSchemaPath()}`,
    title: `Casus exported dossier ${DOSSIER_SCHEMA_VERSION}`,
  };
}
