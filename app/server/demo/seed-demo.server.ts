/**
 * Demo data for `npm run demo`, written only into an empty database. Everyone and everything here is made up.
 */
import { count } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { user } from "../db/schema";
import { seedDemoDossiers } from "./demo-dossiers.server";
import { seedDemoHistory } from "./demo-history.server";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "./factories.server";

export const DEMO_PASSWORD = "casus-demo-2026";

export const DEMO_ACCOUNTS = [
  { email: "admin@casus.test", role: "admin" },
  { email: "supervisor@casus.test", role: "supervisor" },
  { email: "pro@casus.test", role: "professional" },
  { email: "pro2@casus.test", role: "professional" },
] as const;

export interface DemoData {
  organisations: { id: string; name: string }[];
  adminId: string;
  supervisorId: string;
  proId: string;
  pro2Id: string;
}

/**
 * Writes the demo data set and returns its ids (tests use the same set; most skip the dossiers, which they do not
 * need). `history` adds the made-up practice history of other organisations and people (demo-history.server.ts)
 * that the reporting pages need; the demo start writes it, tests ask for it where they test reporting. `now` is the
 * moment the set is seeded at (default: the clock's): every time the demo chooses is at or before it.
 */
export async function seedDemoData(options: { dossiers?: boolean; history?: boolean; now?: Date } = {}): Promise<DemoData> {
  const now = options.now ?? new Date();
  const first = await createOrganisation({ name: "Huisartsenpraktijk De Linde", kind: "gp-practice", city: "Utrecht", contactEmail: "praktijk@delinde.test" });
  const second = await createOrganisation({ name: "Hoorzorg Aan Zee", kind: "hearing-care", city: "Haarlem", contactEmail: "info@hoorzorgaanzee.test" });
  const admin = await createAdmin({ email: "admin@casus.test", name: "Anna Admin", password: DEMO_PASSWORD });
  const supervisor = await createSupervisor({
    email: "supervisor@casus.test",
    name: "Dr. Sven Supervisor",
    password: DEMO_PASSWORD,
    organisationIds: [first.id, second.id],
    specialty: "ent",
  });
  const pro = await createProfessional({ email: "pro@casus.test", name: "Pia Praktijkondersteuner", password: DEMO_PASSWORD, organisationId: first.id, jobTitle: "POH" });
  const pro2 = await createProfessional({ email: "pro2@casus.test", name: "Piet Hoortechnicus", password: DEMO_PASSWORD, organisationId: second.id, jobTitle: "Audicien" });
  const data = { organisations: [first, second], adminId: admin.id, supervisorId: supervisor.id, proId: pro.id, pro2Id: pro2.id };
  if (options.dossiers !== false) {
    await seedDemoDossiers({ id: pro.id, organisationId: first.id }, { id: pro2.id, organisationId: second.id }, supervisor.id, now);
  }
  if (options.history) await seedDemoHistory({ now });
  return data;
}

/** Seeds only when nobody exists yet; returns whether it did. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  const [row] = await systemDb().select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoData({ history: true });
  return true;
}
