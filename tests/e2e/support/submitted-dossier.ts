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

/**
 * A dossier of pro@casus.test submitted for review and complete (left ear: anamnesis, one still, reasoning), so it can
 * be returned and resubmitted through the pages. The still's bytes are not stored: the pages show a broken picture.
 */
export async function completeSubmittedDossier(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const id = crypto.randomUUID();
  const mediaId = crypto.randomUUID();
  try {
    const { rows } = await client.query<{ user_id: string; organisation_id: string }>(
      `select p.user_id, p.organisation_id from professional p join "user" u on u.id = p.user_id where u.email = 'pro@casus.test'`,
    );
    const { user_id: pro, organisation_id: organisation } = rows[0];
    const anamnesis = { complaints: ["pain"], onset: "sudden", durationDays: 3, history: [], question: "Is dit otitis externa?" };
    const left = { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 4, plan: ["ear-drops"], argument: "Rode gehoorgang na zwemmen." };
    await client.query(
      `insert into dossier (id, organisation_id, professional_id, status, ear_side, first_submitted_at, submitted_at, anamnesis, reasoning)
       values ($1, $2, $3, 'submitted', 'left', now(), now(), $4, $5)`,
      [id, organisation, pro, JSON.stringify(anamnesis), JSON.stringify({ left })],
    );
    await client.query(
      `insert into media (id, organisation_id, uploader_id, object_key, kind, content_type, size, status) values ($1, $2, $3, $4, 'image', 'image/png', 100, 'complete')`,
      [mediaId, organisation, pro, `org-${organisation}/media/${mediaId}`],
    );
    await client.query(`insert into dossier_medium (id, dossier_id, media_id, ear) values ($1, $2, $3, 'left')`, [crypto.randomUUID(), id, mediaId]);
  } finally {
    await client.end();
  }
  return id;
}

/** An empty draft of pro@casus.test for both ears, of the test's own: what it autosaves touches no other test's dossier. */
export async function draftDossier(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const id = crypto.randomUUID();
  try {
    await client.query(
      `insert into dossier (id, organisation_id, professional_id, status, ear_side)
       select $1, p.organisation_id, p.user_id, 'draft', 'both' from professional p join "user" u on u.id = p.user_id where u.email = 'pro@casus.test'`,
      [id],
    );
  } finally {
    await client.end();
  }
  return id;
}
