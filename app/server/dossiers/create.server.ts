/** Starting a dossier: the professional names the patient by phone (existing patients are recognised) and the ear side. */
import { and, eq } from "drizzle-orm";
import { EAR_SIDES, type EarSide, PATIENT_SEXES } from "~/domain/dossier/choices";
import { anamnesisSchema } from "~/domain/dossier/content";
import { FIRST_YEAR, LAST_YEAR } from "~/domain/constants";
import { toE164 } from "~/domain/phone";
import { AppError } from "~/domain/errors";
import { z } from "zod";
import type { Queryable } from "../db/client.server";
import { dossier, patient, professional } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { type Actor, ownOrganisation } from "./actor.server";
import { recordDossierEvent } from "./events.server";

export const newDossierSchema = z.object({
  phone: z.string().max(40),
  earSide: z.enum(EAR_SIDES),
  initials: z.string().trim().max(10).optional(),
  birthYear: z.number().int().min(FIRST_YEAR).max(LAST_YEAR).optional(),
  sex: z.enum(PATIENT_SEXES).optional(),
  /** The anamnesis typed on the start form: validated with everything else, so a refusal creates nothing. */
  anamnesis: anamnesisSchema.optional(),
});
export type NewDossierInput = z.infer<typeof newDossierSchema>;

/**
 * The patient with this phone in the actor's organisation, created when new. Two dossiers started at once for
 * the same new phone both try to insert: `on conflict do nothing` lets the second wait for the first and then
 * find its row instead of failing on the unique index (under serializable isolation PostgreSQL reports such a
 * race as a serialization failure, which inTransaction retries; this does not depend on that).
 */
export async function patientFor(db: Queryable, organisationId: string, phone: string, input: { initials?: string | null; birthYear?: number | null; sex?: string | null }) {
  const [created] = await db
    .insert(patient)
    .values({ organisationId, phone, initials: input.initials || null, birthYear: input.birthYear ?? null, sex: input.sex ?? null })
    .onConflictDoNothing({ target: [patient.organisationId, patient.phone] })
    .returning();
  if (created) return { patient: created, isNew: true };
  const [existing] = await db
    .select()
    .from(patient)
    .where(and(eq(patient.organisationId, organisationId), eq(patient.phone, phone)));
  if (!existing) throw new AppError("internal");
  return { patient: existing, isNew: false };
}

/**
 * The professional's organisation as it is now, read in the creating transaction. The actor's organisation was read
 * with the session when the request began; an administrator moving the professional meanwhile moves every dossier
 * they have (decision 047), and a dossier created from the old snapshot would be left behind in the old
 * organisation, for its supervisors to see. Read here, a move running at the same time conflicts with the create
 * (serializable: one of the two is tried again), so the dossier lands where its professional is.
 */
async function currentOrganisation(tx: Queryable, actor: Actor): Promise<string> {
  const [row] = await tx.select({ organisationId: professional.organisationId }).from(professional).where(eq(professional.userId, actor.id));
  if (!row) throw new AppError("not-found");
  return row.organisationId;
}

export async function createDossier(actor: Actor, raw: unknown): Promise<{ id: string; patientId: string; patientIsNew: boolean }> {
  ownOrganisation(actor);
  const parsed = newDossierSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid-argument", { issues: parsed.error.issues.map((i) => i.path.join(".")) });
  const phone = toE164(parsed.data.phone);
  if (!phone) throw new AppError("invalid-phone-number");
  return inTransaction(async (tx) => {
    const organisationId = await currentOrganisation(tx, actor);
    const found = await patientFor(tx, organisationId, phone, parsed.data);
    const [row] = await tx
      .insert(dossier)
      .values({
        organisationId,
        professionalId: actor.id,
        patientId: found.patient.id,
        earSide: parsed.data.earSide satisfies EarSide,
        ...(parsed.data.anamnesis ? { anamnesis: parsed.data.anamnesis } : {}),
      })
      .returning({ id: dossier.id });
    await recordDossierEvent(tx, { id: row.id, organisationId, professionalId: actor.id }, actor.id, {
      kind: "create",
      toStatus: "draft",
      status: "draft",
    });
    return { id: row.id, patientId: found.patient.id, patientIsNew: found.isNew };
  });
}
