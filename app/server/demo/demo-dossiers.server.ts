/**
 * Made-up dossiers for the demo, one or more in every status, with the event log and thread the real flows would
 * have written. Written in one transaction (the demo starts on the embedded database, where every separate commit
 * is a disk write); the content follows the same schemas the pages save. Media rows stand in for recordings:
 * the media work (issue 5) attaches real files. No e-mail is sent.
 */
import { toE164 } from "~/domain/phone";
import { DAY_MS } from "~/domain/dossier/age";
import type { Anamnesis, Reasoning, Review } from "~/domain/dossier/content";
import type { DossierStatus, DossierTransition } from "~/domain/dossier/lifecycle";
import { LIFECYCLE } from "~/domain/dossier/lifecycle";
import { reasoningScore } from "~/domain/dossier/reasoning-score";
import { reviewWorkingMs, workingMsBetween } from "~/domain/dossier/working-time";
import type { Transaction } from "../db/client.server";
import { dossier, dossierEvent, dossierMedium, dossierMessage, patient } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { hasObjectStore } from "../storage/storage.server";
import { insertDemoStill } from "./demo-media.server";

interface DemoPerson {
  id: string;
  organisationId: string;
}

const waxLeft: { anamnesis: Anamnesis; reasoning: Reasoning } = {
  anamnesis: { complaints: ["hearing-loss", "fullness"], onset: "gradual", durationDays: 14, history: ["earlier-wax-problems"], question: "Kan ik uitspuiten?" },
  reasoning: {
    left: { canal: ["obstructing-wax"], eardrum: ["not-visible"], diagnosis: "wax-impaction", differential: ["otitis-externa"], confidence: 4, plan: ["wax-removal"], argument: "Volledig afsluitende cerumenprop, geen pijn of afscheiding." },
  },
};

const externaRight: { anamnesis: Anamnesis; reasoning: Reasoning } = {
  anamnesis: { complaints: ["pain", "itch"], onset: "sudden", durationDays: 3, history: ["recent-swimming"], question: "Is dit otitis externa, en welke druppels?" },
  reasoning: {
    right: { canal: ["red-swollen", "discharge"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: ["acute-otitis-media"], confidence: 3, plan: ["ear-drops", "follow-up"], followUpDays: 7, argument: "Rode, gezwollen gehoorgang na zwemmen; trommelvlies intact." },
  },
};

const review: Review = {
  agreement: "agree",
  ears: { left: { diagnosis: "wax-impaction", plan: ["wax-removal"] } },
  advisedPlan: "Uitspuiten met lauw water; bij pijn stoppen.",
  urgency: "routine",
  feedback: "Goede beschrijving en duidelijke foto.",
  imageQuality: 4,
};

interface DemoDossier {
  owner: DemoPerson;
  phone: string;
  earSide: "left" | "right" | "both";
  content?: typeof waxLeft;
  /** The steps after creation, in order. */
  steps: DossierTransition[];
  daysAgo: number;
  question?: string;
  review?: Review;
}

/** Minutes after its creation that a dossier's steps happen: edits at 5, a still at 3, each step 30 after the last. */
const stepMinutes = (i: number) => 10 + i * 30;

/** How long after `daysAgo` days before the anchor a dossier's last moment falls. */
function lastOffsetMs(d: DemoDossier): number {
  const minutes = d.steps.length ? stepMinutes(d.steps.length - 1) : d.content ? 5 : 0;
  return -d.daysAgo * DAY_MS + minutes * 60_000;
}

/**
 * The moment every demo dossier counts back from: the seed's `now`, moved back by as much as the latest step would
 * otherwise lie after it. One shift for all of them, so their order and the gaps between their steps stay as written
 * and nothing is stamped after the seed ran (a list would say "in 10 minutes").
 */
function anchorOf(dossiers: DemoDossier[], now: Date): number {
  return now.getTime() - Math.max(0, ...dossiers.map(lastOffsetMs));
}

async function writeDossier(tx: Transaction, d: DemoDossier, supervisorId: string, anchor: number): Promise<void> {
  const at = (offsetMinutes: number) => new Date(anchor - d.daysAgo * DAY_MS + offsetMinutes * 60_000);
  const [p] = await tx
    .insert(patient)
    .values({ organisationId: d.owner.organisationId, phone: toE164(d.phone)!, initials: "J.D.", birthYear: 1958, createdAt: at(0) })
    .onConflictDoNothing()
    .returning({ id: patient.id });
  let status: DossierStatus = "draft";
  const events: (typeof dossierEvent.$inferInsert)[] = [];
  const id = crypto.randomUUID();
  const base = { dossierId: id, organisationId: d.owner.organisationId, professionalId: d.owner.id };
  events.push({ ...base, actorId: d.owner.id, kind: "create", toStatus: "draft", at: at(0) });
  if (d.content) events.push({ ...base, actorId: d.owner.id, kind: "edit", detail: { sections: ["anamnesis", "reasoning"] }, at: at(5) });
  let submittedAt: Date | null = null;
  let completedAt: Date | null = null;
  let reviewerId: string | null = null;
  d.steps.forEach((step, i) => {
    const rule = LIFECYCLE[step];
    const when = at(stepMinutes(i));
    const actorId = rule.actor === "owner" ? d.owner.id : supervisorId;
    events.push({ ...base, actorId, kind: step, fromStatus: status, toStatus: rule.to, at: when });
    status = rule.to;
    if (step === "submit" || step === "resubmit") submittedAt = when;
    if (step === "claim") reviewerId = supervisorId;
    if (step === "complete") completedAt = when;
  });
  const updatedAt = events[events.length - 1].at as Date;
  // The facts the transitions would have written for reporting (decision 070).
  const whenOf = (kind: string) => events.filter((e) => e.kind === kind).map((e) => e.at as Date);
  const firstSubmittedAt = whenOf("submit")[0] ?? null;
  const firstClaimAt = whenOf("claim")[0] ?? null;
  const clock = events.filter((e) => ["submit", "return", "resubmit", "complete"].includes(e.kind)).map((e) => ({ kind: e.kind, at: e.at as Date }));
  const score = d.steps.includes("complete") && d.review && d.content ? reasoningScore(d.earSide, d.content.reasoning, d.review) : null;
  await tx.insert(dossier).values({
    id,
    organisationId: d.owner.organisationId,
    professionalId: d.owner.id,
    patientId: p?.id,
    status,
    earSide: d.earSide,
    anamnesis: d.content?.anamnesis,
    reasoning: d.content?.reasoning,
    review: d.review ?? null,
    reviewerId,
    version: 1 + events.filter((e) => e.kind !== "create").length,
    submittedAt,
    completedAt,
    createdAt: at(0),
    updatedAt,
    firstSubmittedAt,
    claimWaitWorkingMs: firstSubmittedAt && firstClaimAt ? workingMsBetween(firstSubmittedAt, firstClaimAt) : null,
    reviewWorkingMs: d.steps.includes("complete") ? reviewWorkingMs(clock, updatedAt) : null,
    returnCount: whenOf("return").length,
    reasoningScore: score?.score ?? null,
    reasoningScoreDetail: score,
  });
  if (d.content) await tx.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill(d.owner, { db: tx, seed: d.phone.length + d.daysAgo, storeBytes: hasObjectStore(), at: at(3) }), ear: d.earSide === "right" ? "right" : "left", createdAt: at(3) });
  if (d.question) await tx.insert(dossierMessage).values({ dossierId: id, authorId: supervisorId, body: d.question, at: updatedAt });
  await tx.insert(dossierEvent).values(events);
}

/** `now`: the moment the seed runs; every time written is at or before it. */
export async function seedDemoDossiers(pro: DemoPerson, pro2: DemoPerson, supervisorId: string, now: Date = new Date()): Promise<void> {
  const dossiers: DemoDossier[] = [
    { owner: pro, phone: "06 11111111", earSide: "both", steps: [], daysAgo: 0 },
    // Untouched for ten days: listed as unfinished.
    { owner: pro, phone: "06 22222222", earSide: "left", steps: [], daysAgo: 10 },
    { owner: pro, phone: "06 33333333", earSide: "left", content: waxLeft, steps: ["submit"], daysAgo: 0 },
    // Waiting past the review target.
    { owner: pro2, phone: "06 44444444", earSide: "right", content: externaRight, steps: ["submit"], daysAgo: 6 },
    { owner: pro, phone: "06 55555555", earSide: "right", content: externaRight, steps: ["submit", "claim"], daysAgo: 1 },
    { owner: pro, phone: "06 66666666", earSide: "left", content: waxLeft, steps: ["submit", "claim", "return"], daysAgo: 2, question: "Zijn er eerder trommelvliesproblemen geweest?" },
    { owner: pro, phone: "06 27182818", earSide: "left", content: waxLeft, steps: ["submit", "claim", "complete"], daysAgo: 3, review },
    { owner: pro2, phone: "06 88888888", earSide: "right", steps: ["discard"], daysAgo: 4 },
  ];
  const anchor = anchorOf(dossiers, now);
  await inTransaction(async (tx) => {
    for (const d of dossiers) await writeDossier(tx, d, supervisorId, anchor);
  });
}
