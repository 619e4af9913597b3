/**
 * A made-up practice history for the demo and the reporting tests (issue 14): four more organisations, eight
 * professionals and three supervisors who cannot sign in, and ~400 dossiers over the last 16 weeks, played out
 * event by event up to now so every status occurs where it naturally would (recent dossiers are still open).
 * Professionals differ: some learn (their diagnoses agree more often with the supervisor's over time), one does not
 * and is over-confident. Seeded (mulberry32), so the same seed and the same `now` give the same history.
 *
 * Everything is written with multi-row INSERTs in one transaction (the demo starts on the embedded database,
 * where row-by-row writes would take seconds). The history stays off the four demo log-ins and their two
 * organisations, so their lists, queues and counts stay as the browser tests know them.
 */
import type { Anamnesis, EarReasoning, Reasoning, Review } from "~/domain/dossier/content";
import { type Ear, type EarSide, earsOf, type DIAGNOSES, type PLANS } from "~/domain/dossier/choices";
import { reasoningScore } from "~/domain/dossier/reasoning-score";
import { DAY_MS, reviewWorkingMs, workingMsBetween } from "~/domain/dossier/working-time";
import { mulberry32, type Random } from "~/ml/synthetic/prng";
import type { Transaction } from "../db/client.server";
import { dossier, dossierEvent, dossierMessage, organisation, patient, professional, supervisor, supervisorOrganisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";

export const DEMO_HISTORY_SEED = 20_261_124;
export const DEMO_HISTORY_WEEKS = 16;
const DOSSIER_COUNT = 410;
const RECENT_SHARE = 0.08;
const HOUR_MS = 3_600_000;
/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 400;

type Diagnosis = (typeof DIAGNOSES)[number];
type Plan = (typeof PLANS)[number];

interface HistoryOrganisation {
  id: string;
  name: string;
  kind: string;
  city: string;
}
interface HistoryPerson {
  id: string;
  name: string;
  email: string;
}
interface HistoryProfessional extends HistoryPerson {
  organisationId: string;
  jobTitle: string;
  /** Chance of the supervisor's diagnosis at the start and at the end of the period. */
  skill: [number, number];
  overconfident: boolean;
}
interface HistorySupervisor extends HistoryPerson {
  specialty: string;
  organisationIds: string[];
}

export interface DemoHistory {
  organisations: HistoryOrganisation[];
  professionals: HistoryProfessional[];
  supervisors: HistorySupervisor[];
  patients: (typeof patient.$inferInsert)[];
  dossiers: (typeof dossier.$inferInsert)[];
  events: (typeof dossierEvent.$inferInsert)[];
  messages: (typeof dossierMessage.$inferInsert)[];
}

function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1][0];
}

const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)];
const between = (random: Random, min: number, max: number) => min + (max - min) * random();

const DIAGNOSIS_MIX: [Diagnosis, number][] = [
  ["wax-impaction", 34],
  ["otitis-externa", 20],
  ["normal", 12],
  ["acute-otitis-media", 11],
  ["otitis-media-with-effusion", 8],
  ["perforation", 5],
  ["chronic-suppurative-otitis-media", 4],
  ["foreign-body", 3],
  ["other", 3],
];

/** The diagnoses a professional mistakes each one for (the confusion matrix gets its realistic off-diagonal). */
const CONFUSED_WITH: Record<Diagnosis, Diagnosis[]> = {
  "wax-impaction": ["otitis-externa", "normal"],
  "otitis-externa": ["wax-impaction", "acute-otitis-media"],
  normal: ["wax-impaction", "otitis-media-with-effusion"],
  "acute-otitis-media": ["otitis-media-with-effusion", "otitis-externa"],
  "otitis-media-with-effusion": ["acute-otitis-media", "normal"],
  perforation: ["chronic-suppurative-otitis-media", "acute-otitis-media"],
  "chronic-suppurative-otitis-media": ["perforation", "otitis-externa"],
  "foreign-body": ["wax-impaction"],
  other: ["normal", "otitis-externa"],
};

const PLAN_FOR: Record<Diagnosis, Plan[][]> = {
  "wax-impaction": [["wax-removal"], ["wax-removal", "follow-up"]],
  "otitis-externa": [["ear-drops", "follow-up"], ["ear-drops"]],
  normal: [["no-action"]],
  "acute-otitis-media": [["pain-relief", "follow-up"], ["refer-gp"]],
  "otitis-media-with-effusion": [["follow-up"], ["refer-ent"]],
  perforation: [["refer-ent"], ["refer-gp", "follow-up"]],
  "chronic-suppurative-otitis-media": [["refer-ent", "ear-drops"], ["refer-ent"]],
  "foreign-body": [["refer-gp"]],
  other: [["refer-gp"]],
};

const FINDINGS_FOR: Record<Diagnosis, { canal: EarReasoning["canal"]; eardrum: EarReasoning["eardrum"] }> = {
  "wax-impaction": { canal: ["obstructing-wax"], eardrum: ["not-visible"] },
  "otitis-externa": { canal: ["red-swollen", "discharge"], eardrum: ["normal"] },
  normal: { canal: ["normal"], eardrum: ["normal"] },
  "acute-otitis-media": { canal: ["normal"], eardrum: ["bulging", "red"] },
  "otitis-media-with-effusion": { canal: ["normal"], eardrum: ["retracted", "fluid-effusion"] },
  perforation: { canal: ["normal"], eardrum: ["perforation"] },
  "chronic-suppurative-otitis-media": { canal: ["discharge"], eardrum: ["perforation"] },
  "foreign-body": { canal: ["foreign-body"], eardrum: ["not-visible"] },
  other: { canal: ["exostoses"], eardrum: ["normal"] },
};

const COMPLAINTS_FOR: Record<Diagnosis, Anamnesis["complaints"]> = {
  "wax-impaction": ["hearing-loss", "fullness"],
  "otitis-externa": ["pain", "itch"],
  normal: ["tinnitus"],
  "acute-otitis-media": ["pain", "fever"],
  "otitis-media-with-effusion": ["hearing-loss", "fullness"],
  perforation: ["discharge", "hearing-loss"],
  "chronic-suppurative-otitis-media": ["discharge"],
  "foreign-body": ["pain", "fullness"],
  other: ["itch"],
};

const QUESTIONS = ["Kan ik uitspuiten?", "Welke druppels adviseert u?", "Is verwijzing nodig?", "Klopt mijn beoordeling van het trommelvlies?", "Graag uw advies over het beleid."];
const ARGUMENTS = ["Beeld past bij de klachten.", "Duidelijke afwijking in de gehoorgang.", "Trommelvlies goed te beoordelen na reiniging.", "Twijfel tussen twee diagnoses, zie differentiaaldiagnose."];
const FEEDBACK = ["Goede beschrijving en duidelijke foto.", "Let op het trommelvlies: kijk naar de lichtreflex.", "Terecht verwezen.", "De foto is onscherp; probeer een stilstaand beeld.", "Volledige anamnese, prima."];
const RETURN_QUESTIONS = ["Kunt u een scherpere foto van het trommelvlies maken?", "Is er koorts geweest?", "Heeft de patiënt eerder oorproblemen gehad?", "Graag ook het andere oor beoordelen."];
const REPLIES = ["Nieuwe foto toegevoegd.", "Geen koorts gehad.", "Nee, niet eerder.", "Aangevuld in het dossier."];

function people(random: Random) {
  const organisations: HistoryOrganisation[] = [
    { name: "Huisartsenpraktijk De Wilgen", kind: "gp-practice", city: "Amersfoort" },
    { name: "Hoorcentrum Duinzicht", kind: "hearing-care", city: "Leiden" },
    { name: "Apotheek Het Kruispunt", kind: "pharmacy", city: "Deventer" },
    { name: "Thuiszorg De Waterlelie", kind: "home-care", city: "Nijmegen" },
  ].map((o) => ({ ...o, id: uuidFrom(random) }));
  const [w, d, k, t] = organisations.map((o) => o.id);
  const pro = (name: string, slug: string, organisationId: string, jobTitle: string, skill: [number, number], overconfident = false): HistoryProfessional => ({
    id: uuidFrom(random),
    name,
    email: `${slug}@demo-praktijk.test`,
    organisationId,
    jobTitle,
    skill,
    overconfident,
  });
  const professionals = [
    pro("Sanne de Vries", "sanne", w, "POH", [0.55, 0.9]),
    pro("Mehmet Yilmaz", "mehmet", w, "Doktersassistent", [0.7, 0.85]),
    pro("Eva Bakker", "eva", d, "Audicien", [0.85, 0.9]),
    pro("Daan Visser", "daan", d, "Audicien", [0.6, 0.6], true),
    pro("Noor el Amrani", "noor", k, "Apothekersassistent", [0.5, 0.85]),
    pro("Lars Smit", "lars", k, "Apotheker", [0.75, 0.8]),
    pro("Fleur Mulder", "fleur", t, "Wijkverpleegkundige", [0.6, 0.8]),
    pro("Bram de Jong", "bram", t, "Verzorgende IG", [0.65, 0.75]),
  ];
  const sup = (name: string, slug: string, specialty: string, organisationIds: string[]): HistorySupervisor => ({
    id: uuidFrom(random),
    name,
    email: `${slug}@demo-praktijk.test`,
    specialty,
    organisationIds,
  });
  const supervisors = [
    sup("Dr. Hanna Haverkamp", "haverkamp", "ent", [w, d]),
    sup("Dr. Joost Jansen", "jansen", "gp", [w, k, t]),
    sup("Lotte Lindeman", "lindeman", "audiologist", [d, k, t]),
  ];
  return { organisations, professionals, supervisors };
}

function earReasoning(random: Random, diagnosis: Diagnosis, confidence: number): EarReasoning {
  const plan = pick(random, PLAN_FOR[diagnosis]);
  return {
    ...FINDINGS_FOR[diagnosis],
    diagnosis,
    differential: [pick(random, CONFUSED_WITH[diagnosis])],
    confidence,
    plan,
    ...(plan.includes("follow-up") ? { followUpDays: pick(random, [7, 14, 28]) } : {}),
    argument: pick(random, ARGUMENTS),
  };
}

/** A working-hours moment `days` before `now` (weekends move to the Friday before). */
function workingMoment(random: Random, now: number, days: number): number {
  let at = now - days * DAY_MS;
  const day = new Date(at).getUTCDay();
  if (day === 6) at -= DAY_MS;
  if (day === 0) at -= 2 * DAY_MS;
  const midnight = Math.floor(at / DAY_MS) * DAY_MS;
  return Math.min(now - HOUR_MS, midnight + between(random, 7, 16) * HOUR_MS);
}

/** The whole history in memory: deterministic for a seed and a `now`. */
export function planDemoHistory(seed: number = DEMO_HISTORY_SEED, now: Date = new Date()): DemoHistory {
  const random = mulberry32(seed);
  const { organisations, professionals, supervisors } = people(random);
  const nowMs = now.getTime();
  const periodDays = DEMO_HISTORY_WEEKS * 7;
  const out: DemoHistory = { organisations, professionals, supervisors, patients: [], dossiers: [], events: [], messages: [] };
  const phones = new Set<string>();
  // Stale leftovers are few, as in a practice where reminders work: the unfinished-dossiers page stays short.
  let abandoned = 0;

  for (let i = 0; i < DOSSIER_COUNT; i++) {
    // The practice grows: more dossiers in recent weeks (density rising to twice the start).
    // The practice grows: density 1 + x over x in [0, 1] (oldest to newest), drawn by inverting its distribution
    // function; and a few dossiers more of the last ten days, still on their way through the statuses.
    const x = Math.sqrt(1 + 3 * random()) - 1;
    const recent = random() < RECENT_SHARE;
    const created = workingMoment(random, nowMs, recent ? between(random, 0.05, 10) : Math.max(0.05, periodDays * (1 - x)));
    const progress = Math.min(1, Math.max(0, 1 - (nowMs - created) / (periodDays * DAY_MS)));
    const pro = pick(random, professionals);
    const orgSupervisors = supervisors.filter((s) => s.organisationIds.includes(pro.organisationId));
    const earSide = weighted<EarSide>(random, [
      ["left", 40],
      ["right", 35],
      ["both", 25],
    ]);
    const skill = pro.skill[0] + (pro.skill[1] - pro.skill[0]) * progress;
    const reasoning: Reasoning = {};
    const reviewEars: Review["ears"] = {};
    let correctEars = 0;
    let mainDiagnosis: Diagnosis = "normal";
    for (const ear of earsOf(earSide)) {
      const truth = weighted(random, DIAGNOSIS_MIX);
      if (ear === earsOf(earSide)[0]) mainDiagnosis = truth;
      const correct = random() < skill;
      if (correct) correctEars++;
      const said = correct ? truth : pick(random, CONFUSED_WITH[truth]);
      const confidence = pro.overconfident ? pick(random, [4, 5]) : correct ? weighted(random, [[3, 2], [4, 4], [5, 3]] as const) : weighted(random, [[1, 2], [2, 4], [3, 3], [4, 1]] as const);
      reasoning[ear as Ear] = earReasoning(random, said, confidence);
      // The supervisor usually writes the ear's diagnosis and plan; sometimes leaves a correct one standing.
      const supPlan = correct && random() < 0.7 ? reasoning[ear as Ear]!.plan : pick(random, PLAN_FOR[truth]);
      // An advised follow-up names its days (missingForComplete): the professional's when she proposed one too,
      // else two weeks; not a random draw, which would change every dossier planned after this one.
      const supDays = supPlan.includes("follow-up") ? { followUpDays: reasoning[ear as Ear]!.followUpDays ?? 14 } : {};
      reviewEars[ear as Ear] = correct && random() < 0.15 ? { plan: [] } : { diagnosis: truth, plan: supPlan, ...supDays };
    }
    const ears = earsOf(earSide).length;
    const agreement = correctEars === ears ? (random() < 0.92 ? "agree" : "partly") : correctEars === 0 ? "disagree" : "partly";
    const anamnesis: Anamnesis = {
      complaints: COMPLAINTS_FOR[mainDiagnosis],
      onset: pick(random, ["sudden", "gradual"] as const),
      durationDays: Math.floor(between(random, 1, 60)),
      history: random() < 0.3 ? [pick(random, ["hearing-aid", "earlier-wax-problems", "recent-swimming", "diabetes"] as const)] : [],
      question: pick(random, QUESTIONS),
    };

    let phone: string;
    do phone = `+316${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
    while (phones.has(phone));
    phones.add(phone);
    const patientId = uuidFrom(random);
    const letters = "ABCDEFGHJKLMNPRSTVW";
    out.patients.push({
      id: patientId,
      organisationId: pro.organisationId,
      phone,
      initials: `${pick(random, [...letters])}.${pick(random, [...letters])}.`,
      birthYear: Math.floor(between(random, 1932, 2022)),
      sex: weighted(random, [["female", 48], ["male", 48], ["unknown", 4]] as const),
      createdAt: new Date(created),
    });

    // The timeline, then cut at now: whatever has not happened yet decides the status.
    const id = uuidFrom(random);
    const timeline: { kind: string; at: number; actor: string }[] = [];
    let t = created;
    const step = (kind: string, afterMs: number, actor: string) => {
      t += afterMs;
      timeline.push({ kind, at: t, actor });
    };
    step("create", 0, pro.id);
    step("edit", between(random, 2, 20) * 60_000, pro.id);
    const fate = random();
    if (fate < 0.07) {
      step("discard", between(random, 0.1, 24) * HOUR_MS, pro.id);
    } else if (!(fate < 0.075 && abandoned < 2)) {
      step("submit", between(random, 0.2, recent ? 60 : 20) * HOUR_MS, pro.id);
      const reviewer = pick(random, orgSupervisors);
      // Most claims within a day; a tail waits days (past the review target).
      const claimWait = random() < 0.12 ? between(random, 50, 120) * HOUR_MS : between(random, 0.3, recent ? 40 : 26) * HOUR_MS;
      step("claim", claimWait, reviewer.id);
      const returns = random() < (pro.overconfident ? 0.25 : 0.12);
      if (returns) {
        step("return", between(random, 0.2, 6) * HOUR_MS, reviewer.id);
        step("resubmit", between(random, 2, 60) * HOUR_MS, pro.id);
        step("claim", between(random, 0.5, 20) * HOUR_MS, reviewer.id);
      }
      step("complete", between(random, 0.1, random() < 0.1 ? 48 : recent ? 30 : 8) * HOUR_MS, reviewer.id);
    } else abandoned++;
    const happened = timeline.filter((e) => e.at <= nowMs);
    const last = happened[happened.length - 1];
    const statusAfter: Record<string, string> = {
      create: "draft",
      edit: "draft",
      discard: "cancelled",
      submit: "submitted",
      claim: "in_review",
      return: "returned",
      resubmit: "submitted",
      complete: "completed",
    };
    const status = statusAfter[last.kind];
    const at = (kind: string) => happened.filter((e) => e.kind === kind).map((e) => e.at);
    const firstSubmit = at("submit")[0];
    const firstClaim = at("claim")[0];
    const lastSubmit = Math.max(...at("submit"), ...at("resubmit"));
    const completed = at("complete")[0];
    const reviewer = happened.find((e) => e.kind === "claim")?.actor ?? null;
    const review: Review | null =
      status === "completed"
        ? { agreement, ears: reviewEars, urgency: reviewEars && Object.values(reviewEars).some((e) => e?.plan.includes("refer-ent")) ? "soon" : "routine", feedback: pick(random, FEEDBACK), imageQuality: pro.overconfident ? pick(random, [2, 3, 3, 4]) : pick(random, [3, 4, 4, 5]) }
        : null;
    const clockEvents = happened.filter((e) => ["submit", "return", "resubmit", "complete"].includes(e.kind)).map((e) => ({ kind: e.kind, at: new Date(e.at) }));
    const score = review ? reasoningScore(earSide, reasoning, review) : null;
    out.dossiers.push({
      id,
      organisationId: pro.organisationId,
      professionalId: pro.id,
      patientId,
      status,
      earSide,
      anamnesis,
      reasoning,
      review,
      reviewerId: status === "submitted" && at("return").length === 0 ? null : reviewer,
      version: happened.length,
      submittedAt: Number.isFinite(lastSubmit) ? new Date(lastSubmit) : null,
      completedAt: completed ? new Date(completed) : null,
      createdAt: new Date(created),
      updatedAt: new Date(last.at),
      firstSubmittedAt: firstSubmit ? new Date(firstSubmit) : null,
      claimWaitWorkingMs: firstSubmit && firstClaim ? workingMsBetween(new Date(firstSubmit), new Date(firstClaim)) : null,
      reviewWorkingMs: completed ? reviewWorkingMs(clockEvents, new Date(completed)) : null,
      returnCount: at("return").length,
      reasoningScore: score?.score ?? null,
      reasoningScoreDetail: score,
    });
    let from = "draft";
    for (const e of happened) {
      const to = statusAfter[e.kind];
      const isTransition = !["create", "edit"].includes(e.kind);
      out.events.push({
        dossierId: id,
        organisationId: pro.organisationId,
        professionalId: pro.id,
        actorId: e.actor,
        kind: e.kind,
        fromStatus: isTransition ? from : null,
        toStatus: e.kind === "edit" ? null : to,
        detail: e.kind === "edit" ? { sections: ["anamnesis", "reasoning"] } : null,
        at: new Date(e.at),
      });
      from = to;
      if (e.kind === "return") out.messages.push({ id: uuidFrom(random), dossierId: id, authorId: e.actor, body: pick(random, RETURN_QUESTIONS), at: new Date(e.at) });
      if (e.kind === "resubmit") out.messages.push({ id: uuidFrom(random), dossierId: id, authorId: pro.id, body: pick(random, REPLIES), at: new Date(e.at - 60_000) });
    }
  }
  return out;
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function writeHistory(tx: Transaction, h: DemoHistory): Promise<void> {
  await tx.insert(organisation).values(h.organisations.map((o) => ({ id: o.id, name: o.name, kind: o.kind, city: o.city, contactEmail: `info@${o.name.toLowerCase().replace(/[^a-z]+/g, "-")}.test` })));
  // People of the history have no credential: they exist for the numbers and cannot sign in.
  const people = [...h.professionals.map((p) => ({ ...p, role: "professional" })), ...h.supervisors.map((s) => ({ ...s, role: "supervisor" }))];
  await tx.insert(user).values(people.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.role, locale: "nl" })));
  await tx.insert(professional).values(h.professionals.map((p) => ({ userId: p.id, organisationId: p.organisationId, jobTitle: p.jobTitle })));
  await tx.insert(supervisor).values(h.supervisors.map((s) => ({ userId: s.id, specialty: s.specialty })));
  await tx.insert(supervisorOrganisation).values(h.supervisors.flatMap((s) => s.organisationIds.map((organisationId) => ({ supervisorId: s.id, organisationId }))));
  await insertChunks(h.patients, (chunk) => tx.insert(patient).values(chunk));
  await insertChunks(h.dossiers, (chunk) => tx.insert(dossier).values(chunk));
  await insertChunks(h.events, (chunk) => tx.insert(dossierEvent).values(chunk));
  await insertChunks(h.messages, (chunk) => tx.insert(dossierMessage).values(chunk));
}

/** Plans and writes the history in one transaction; returns it (tests compare the database with the plan). */
export async function seedDemoHistory(options: { seed?: number; now?: Date } = {}): Promise<DemoHistory> {
  const history = planDemoHistory(options.seed ?? DEMO_HISTORY_SEED, options.now ?? new Date());
  await inTransaction((tx) => writeHistory(tx, history));
  return history;
}
