/**
 * Made-up dossiers for the demo, one or more in every status, written through the real data layer (create, save,
 * transitions), so the demo shows what the flows produce. Media rows stand in for recordings: the media work
 * (issue 5) attaches real files. No e-mail is sent while seeding.
 */
import { eq } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { dossier, dossierMedium } from "../db/schema";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { saveDraft, saveReview } from "../dossiers/edit.server";
import { transitionDossier } from "../dossiers/transitions.server";

const DAY_MS = 24 * 60 * 60 * 1000;

const waxLeft = {
  anamnesis: { complaints: ["hearing-loss", "fullness"], onset: "gradual", durationDays: 14, history: ["earlier-wax-problems"], question: "Kan ik uitspuiten?" },
  reasoning: {
    left: { canal: ["obstructing-wax"], eardrum: ["not-visible"], diagnosis: "wax-impaction", differential: ["otitis-externa"], confidence: 4, plan: ["wax-removal"], argument: "Volledig afsluitende cerumenprop, geen pijn of afscheiding." },
  },
};

const externaRight = {
  anamnesis: { complaints: ["pain", "itch"], onset: "sudden", durationDays: 3, history: ["recent-swimming"], question: "Is dit otitis externa, en welke druppels?" },
  reasoning: {
    right: { canal: ["red-swollen", "discharge"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: ["acute-otitis-media"], confidence: 3, plan: ["ear-drops", "follow-up"], followUpDays: 7, argument: "Rode, gezwollen gehoorgang na zwemmen; trommelvlies intact." },
  },
};

async function ready(pro: Actor, phone: string, earSide: "left" | "right", content: typeof waxLeft | typeof externaRight) {
  const { id } = await createDossier(pro, { phone, earSide, initials: "J.D.", birthYear: 1958 });
  await saveDraft(pro, id, 1, content);
  await systemDb().insert(dossierMedium).values({ dossierId: id, mediaId: crypto.randomUUID(), ear: earSide });
  return id;
}

async function backdate(id: string, days: number, field: "updatedAt" | "submittedAt") {
  await systemDb()
    .update(dossier)
    .set({ [field]: new Date(Date.now() - days * DAY_MS) })
    .where(eq(dossier.id, id));
}

export async function seedDemoDossiers(pro: Actor, pro2: Actor, supervisor: Actor): Promise<void> {
  // A fresh draft, and one left untouched for ten days (listed as unfinished).
  await createDossier(pro, { phone: "06 11111111", earSide: "both" });
  const stale = await createDossier(pro, { phone: "06 22222222", earSide: "left" });
  await backdate(stale.id, 10, "updatedAt");
  // Submitted: one waiting today, one past the review target.
  await transitionDossier(pro, await ready(pro, "06 33333333", "left", waxLeft), "submit");
  const late = await ready(pro2, "06 44444444", "right", externaRight);
  await transitionDossier(pro2, late, "submit");
  await backdate(late, 6, "submittedAt");
  // In review by the demo supervisor.
  const reviewing = await ready(pro, "06 55555555", "right", externaRight);
  await transitionDossier(pro, reviewing, "submit");
  await transitionDossier(supervisor, reviewing, "claim");
  // Returned with a question.
  const returned = await ready(pro, "06 66666666", "left", waxLeft);
  await transitionDossier(pro, returned, "submit");
  await transitionDossier(supervisor, returned, "claim");
  await transitionDossier(supervisor, returned, "return", { message: "Zijn er eerder trommelvliesproblemen geweest?" });
  // Completed, with a review.
  const done = await ready(pro, "06 27182818", "left", waxLeft);
  await transitionDossier(pro, done, "submit");
  const claimed = await transitionDossier(supervisor, done, "claim");
  const reviewed = await saveReview(supervisor, done, claimed.version, {
    agreement: "agree",
    ears: { left: { diagnosis: "wax-impaction", plan: ["wax-removal"] } },
    advisedPlan: "Uitspuiten met lauw water; bij pijn stoppen.",
    urgency: "routine",
    feedback: "Goede beschrijving en duidelijke foto.",
    imageQuality: 4,
  });
  await transitionDossier(supervisor, done, "complete", { expectedVersion: reviewed.version });
  // Discarded.
  const discarded = await createDossier(pro2, { phone: "06 88888888", earSide: "right" });
  await transitionDossier(pro2, discarded.id, "discard");
}
