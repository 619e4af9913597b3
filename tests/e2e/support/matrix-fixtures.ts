/**
 * Records the route matrix needs beyond the demo data: a third organisation that the demo supervisor is NOT
 * assigned to (with its own professional), a deactivated organisation with its professional, and one dossier in
 * each of the first three organisations plus a draft in the first. Written straight into the
 * shared PostgreSQL the e2e server uses; returns every id the tests need.
 */
import crypto from "node:crypto";
import pg from "pg";

export interface MatrixFixtures {
  users: { admin: string; supervisor: string; pro: string; pro2: string; pro3: string; pro4: string; colleague: string };
  organisations: { first: string; second: string; third: string; inactive: string };
  /** `draft`: a draft of the first organisation, owned by pro (not shared with any supervisor yet). */
  dossiers: { first: string; second: string; third: string; draft: string };
  /** pro's media: `first` attached to dossiers.first, `uploading` an upload in progress of their own. */
  media: { first: string; uploading: string };
}

/** A second professional of pro's organisation who can sign in (the demo password), for the same-organisation rows. */
export const COLLEAGUE_EMAIL = "colleague@casus.test";

export async function createMatrixFixtures(databaseUrl: string): Promise<MatrixFixtures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const byEmail = async (email: string) => (await client.query<{ id: string }>(`select id from "user" where email = $1`, [email])).rows[0].id;
    const orgOf = async (userId: string) =>
      (await client.query<{ organisation_id: string }>(`select organisation_id from professional where user_id = $1`, [userId])).rows[0].organisation_id;
    const users = {
      admin: await byEmail("admin@casus.test"),
      supervisor: await byEmail("supervisor@casus.test"),
      pro: await byEmail("pro@casus.test"),
      pro2: await byEmail("pro2@casus.test"),
      pro3: crypto.randomUUID(),
      pro4: crypto.randomUUID(),
      colleague: crypto.randomUUID(),
    };
    const third = crypto.randomUUID();
    await client.query(`insert into organisation (id, name, kind, city) values ($1, 'Thuiszorg Het Anker', 'home-care', 'Zwolle')`, [third]);
    await client.query(`insert into "user" (id, name, email, email_verified, role) values ($1, 'Tess Thuiszorg', 'pro3@casus.test', true, 'professional')`, [
      users.pro3,
    ]);
    await client.query(`insert into professional (user_id, organisation_id) values ($1, $2)`, [users.pro3, third]);
    // A deactivated organisation with its professional: the admin still sees both (nothing is deleted).
    const inactive = crypto.randomUUID();
    await client.query(`insert into organisation (id, name, kind, city, active) values ($1, 'Apotheek De Gesloten Deur', 'pharmacy', 'Delft', false)`, [inactive]);
    await client.query(`insert into "user" (id, name, email, email_verified, role) values ($1, 'Vera Vroeger', 'pro4@casus.test', true, 'professional')`, [users.pro4]);
    await client.query(`insert into professional (user_id, organisation_id) values ($1, $2)`, [users.pro4, inactive]);
    const organisations = { first: await orgOf(users.pro), second: await orgOf(users.pro2), third, inactive };
    await client.query(`insert into "user" (id, name, email, email_verified, role) values ($1, 'Cas Collega', $2, true, 'professional')`, [users.colleague, COLLEAGUE_EMAIL]);
    await client.query(`insert into professional (user_id, organisation_id) values ($1, $2)`, [users.colleague, organisations.first]);
    // The same password as the demo accounts: a copy of pro's credential row.
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password) select $1, $2, 'credential', $2, password from account where user_id = $3 and provider_id = 'credential'`,
      [crypto.randomUUID(), users.colleague, users.pro],
    );
    const dossier = async (organisationId: string, professionalId: string, status = "submitted") =>
      (await client.query<{ id: string }>(`insert into dossier (id, organisation_id, professional_id, status) values ($1, $2, $3, $4) returning id`, [
        crypto.randomUUID(),
        organisationId,
        professionalId,
        status,
      ])).rows[0].id;
    const dossiers = {
      first: await dossier(organisations.first, users.pro),
      second: await dossier(organisations.second, users.pro2),
      third: await dossier(third, users.pro3),
      draft: await dossier(organisations.first, users.pro, "draft"),
    };
    const medium = async (status: string) => {
      const id = crypto.randomUUID();
      await client.query(
        `insert into media (id, organisation_id, uploader_id, object_key, kind, content_type, size, status) values ($1, $2, $3, $4, 'image', 'image/png', 100, $5)`,
        [id, organisations.first, users.pro, `org-${organisations.first}/media/${id}`, status],
      );
      return id;
    };
    const media = { first: await medium("complete"), uploading: await medium("uploading") };
    await client.query(`insert into dossier_medium (id, dossier_id, media_id, ear) values ($1, $2, $3, 'left')`, [crypto.randomUUID(), dossiers.first, media.first]);
    return { users, organisations, dossiers, media };
  } finally {
    await client.end();
  }
}

export function matrixFixtures(): MatrixFixtures {
  const raw = process.env.E2E_FIXTURES;
  if (!raw) throw new Error("E2E_FIXTURES is not set: run the browser tests through playwright.config.ts");
  return JSON.parse(raw) as MatrixFixtures;
}
