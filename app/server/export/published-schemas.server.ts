/**
 * The exported dossier's JSON Schema of every version this server describes (decision 069): the current one
 * generated from the Zod schema, older ones as they were frozen in docs/schemas/. A document exported earlier names
 * its version in `$schema`, and that address keeps answering with the schema the document was written against.
 */
import frozen100 from "../../../docs/schemas/dossier-1-0-0.json";
import { DOSSIER_SCHEMA_VERSION, type DossierSchemaVersion, dossierJsonSchema, dossierSchemaPath } from "~/domain/export/dossier-document";

/** Typed by the versions: publishing a new one asks for the previous one's copy here. */
const FROZEN: Record<Exclude<DossierSchemaVersion, typeof DOSSIER_SCHEMA_VERSION>, Record<string, unknown>> = { "1-0-0": frozen100 };

export function publishedDossierSchema(version: DossierSchemaVersion, baseUrl: string): Record<string, unknown> {
  if (version === DOSSIER_SCHEMA_VERSION) return dossierJsonSchema(baseUrl);
  // The copies were written with the tests' address; each server names itself.
  return { ...FROZEN[version], $id: `${baseUrl}${dossierSchemaPath(version)}` };
}
