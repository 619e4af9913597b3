/**
 * Factories for people, organisations and dossiers: used by the demo seed and by tests, so both build the
 * same shapes the real flows build. All data they make up is fictional.
 */
import { eq } from "drizzle-orm";
import type { Role } from "~/domain/roles";
import { auth } from "../auth/auth.server";
import { systemDb } from "../db/client.server";
import { dossier, organisation, professional, supervisor, supervisorOrganisation, user } from "../db/schema";

export interface NewOrganisation {
  name: string;
  kind?: string;
  city?: string;
  contactEmail?: string;
  storageQuotaBytes?: number;
}

export async function createOrganisation(input: NewOrganisation): Promise<{ id: string; name: string }> {
  const [row] = await systemDb()
    .insert(organisation)
    .values({ name: input.name, kind: input.kind ?? "gp-practice", city: input.city, contactEmail: input.contactEmail, storageQuotaBytes: input.storageQuotaBytes })
    .returning({ id: organisation.id, name: organisation.name });
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  password: string;
  locale?: string;
}

async function createUser(input: NewUser, role: Role): Promise<{ id: string; email: string }> {
  const created = await auth().api.createUser({ body: { email: input.email, name: input.name, password: input.password, role: role as never } });
  await systemDb()
    .update(user)
    .set({ emailVerified: true, locale: input.locale ?? "nl" })
    .where(eq(user.id, created.user.id));
  return { id: created.user.id, email: created.user.email };
}

export function createAdmin(input: NewUser) {
  return createUser(input, "admin");
}

export async function createSupervisor(input: NewUser & { organisationIds: string[]; specialty?: string }) {
  const created = await createUser(input, "supervisor");
  await systemDb().insert(supervisor).values({ userId: created.id, specialty: input.specialty ?? "gp" });
  if (input.organisationIds.length) {
    await systemDb()
      .insert(supervisorOrganisation)
      .values(input.organisationIds.map((organisationId) => ({ supervisorId: created.id, organisationId })));
  }
  return created;
}

export async function createProfessional(input: NewUser & { organisationId: string; jobTitle?: string }) {
  const created = await createUser(input, "professional");
  await systemDb().insert(professional).values({ userId: created.id, organisationId: input.organisationId, jobTitle: input.jobTitle ?? null });
  return created;
}

export async function createDossier(input: { organisationId: string; professionalId: string; status?: string }) {
  const [row] = await systemDb()
    .insert(dossier)
    .values({ organisationId: input.organisationId, professionalId: input.professionalId, status: input.status ?? "draft" })
    .returning({ id: dossier.id });
  return row;
}
