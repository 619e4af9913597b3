/**
 * Bulk dossiers for the benchmark, written with plain SQL into the demo database while the server is stopped
 * (one PGlite directory must never be open in two processes). Split between the two demo professionals; statuses
 * cycle so that a tenth waits in the supervisor queue, a tenth is in the supervisor's review, and the rest spread
 * over the other states. Four dossiers share one patient, so patient histories have several rows.
 */
import path from "node:path";

const STATUS_BY_REMAINDER = ["completed", "completed", "completed", "submitted", "draft", "returned", "in_review", "cancelled", "completed", "completed"];

function statements(count) {
  const statusCase = `(ARRAY[${STATUS_BY_REMAINDER.map((s) => `'${s}'`).join(",")}])[(g % 10) + 1]`;
  return [
    `ALTER TABLE dossier DISABLE TRIGGER dossier_report_facts`,
    `CREATE TEMP TABLE bench_pros AS
       SELECT u.id AS uid, p.organisation_id AS org, (row_number() OVER (ORDER BY u.email)) - 1 AS k
       FROM "user" u JOIN professional p ON p.user_id = u.id
       WHERE u.email IN ('pro@casus.test', 'pro2@casus.test')`,
    `INSERT INTO patient (id, organisation_id, phone, created_at)
       SELECT md5('bench-patient-' || g)::uuid::text, p.org, '+3162' || lpad(g::text, 7, '0'), now() - make_interval(mins => g)
       FROM generate_series(0, ${Math.ceil(count / 4)} - 1) g JOIN bench_pros p ON p.k = g % 2`,
    // Completed dossiers carry what the reporting pages aggregate (issue 14): reasoning and review per ear with a
    // diagnosis that agrees two times in three, the working times, returns and the reasoning score.
    `INSERT INTO dossier (id, organisation_id, professional_id, patient_id, status, ear_side, reviewer_id, submitted_at, completed_at, created_at, updated_at,
         reasoning, review, first_submitted_at, claim_wait_working_ms, review_working_ms, return_count, reasoning_score)
       SELECT md5('bench-dossier-' || g)::uuid::text, p.org, p.uid, md5('bench-patient-' || (g / 4))::uuid::text, s.status, 'left',
         CASE WHEN s.status IN ('in_review', 'completed', 'returned') THEN (SELECT id FROM "user" WHERE email = 'supervisor@casus.test') END,
         CASE WHEN s.status <> 'draft' AND s.status <> 'cancelled' THEN now() - make_interval(mins => g) END,
         CASE WHEN s.status = 'completed' THEN now() - make_interval(mins => g) + interval '1 minute' END,
         now() - make_interval(mins => g + 10), now() - make_interval(mins => g),
         jsonb_build_object('left', jsonb_build_object('diagnosis', dx.pro, 'plan', jsonb_build_array('follow-up'), 'confidence', g % 5 + 1, 'canal', '[]'::jsonb, 'eardrum', '[]'::jsonb, 'differential', '[]'::jsonb)),
         CASE WHEN s.status = 'completed' THEN jsonb_build_object('agreement', (ARRAY['agree','agree','partly','disagree'])[g % 4 + 1], 'urgency', 'routine', 'feedback', 'bench',
           'imageQuality', g % 5 + 1, 'ears', jsonb_build_object('left', jsonb_build_object('diagnosis', dx.sup, 'plan', jsonb_build_array(CASE WHEN g % 7 = 0 THEN 'refer-ent' ELSE 'follow-up' END)))) END,
         CASE WHEN s.status <> 'draft' AND s.status <> 'cancelled' THEN now() - make_interval(mins => g) END,
         CASE WHEN s.status IN ('in_review', 'completed', 'returned') THEN (g % 97) * 1800000 END,
         CASE WHEN s.status = 'completed' THEN (g % 89) * 3600000 END,
         CASE WHEN g % 11 = 0 THEN 1 ELSE 0 END,
         CASE WHEN s.status = 'completed' THEN (g * 37) % 101 END
       FROM generate_series(0, ${count} - 1) g
       JOIN bench_pros p ON p.k = (g / 4) % 2
       CROSS JOIN LATERAL (SELECT ${statusCase} AS status) s
       CROSS JOIN LATERAL (SELECT (ARRAY['wax-impaction','otitis-externa','normal','acute-otitis-media'])[g % 4 + 1] AS pro,
         (ARRAY['wax-impaction','otitis-externa','normal','acute-otitis-media'])[(g + (CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END)) % 4 + 1] AS sup) dx`,
    `DROP TABLE bench_pros`,
    // The reporting roll-up (decision 074) as a bulk load keeps it: the per-row trigger off for the insert above
    // (re-enabled below), then one set-based rebuild from the dossiers.
    `SELECT report_facts_rebuild()`,
    `ALTER TABLE dossier ENABLE TRIGGER dossier_report_facts`,
    // As autovacuum leaves a table in steady state: statistics, and the visibility map that lets counts read the
    // index alone instead of visiting every matching row.
    `VACUUM ANALYZE`,
  ];
}

export async function seedDossiers({ databaseUrl, dataDir, count }) {
  if (!count) return;
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const sql of statements(count)) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    for (const sql of statements(count)) await db.exec(sql);
  } finally {
    await db.close();
  }
}
