/** What a dossier still lacks before it may be submitted: the same rule the submit transition applies. */
import { type Ear, type EarSide } from "~/domain/dossier/choices";
import { anamnesisSchema, type MissingItem, missingForSubmit, reasoningSchema } from "~/domain/dossier/content";
import type { DossierRow } from "./load.server";

export function missingOf(row: Pick<DossierRow, "earSide" | "anamnesis" | "reasoning">, media: { ear: string }[]): MissingItem[] {
  const perEar: Record<Ear, number> = { left: 0, right: 0 };
  for (const m of media) if (m.ear === "left" || m.ear === "right") perEar[m.ear]++;
  return missingForSubmit({
    earSide: row.earSide as EarSide,
    anamnesis: anamnesisSchema.parse(row.anamnesis),
    reasoning: reasoningSchema.parse(row.reasoning),
    mediaPerEar: perEar,
  });
}
