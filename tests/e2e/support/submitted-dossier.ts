/** A dossier of pro@casus.test submitted for review, both ears reasoned, written straight into the e2e database. */
import crypto from "node:crypto";
import pg from "pg";

export async function submittedDossier(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const id = crypto.randomUUID();
  try {
    const { rows } = await client.query<{ user_id: string; organisation_id: string }>(
      `select p.user_id, p.organisation_id from professional p join "user" u on u.id = p.user_id where u.email = 'pro@casus.test'`,
    );
    const ear = { canal: ["partial-wax"], eardrum: ["normal"], diagnosis: "wax-impaction", confidence: 4, plan: ["wax-removal"], argument: "Ohrschmalz." };
    await client.query(
      `insert into dossier (id, organisation_id, professional_id, status, ear_side, first_submitted_at, reasoning) values ($1, $2, $3, 'submitted', 'both', now(), $4)`,
      [id, rows[0].organisation_id, rows[0].user_id, JSON.stringify({ left: ear, right: ear })],
    );
  } finally {
    await client.end();
  }
  return id;
}
