/**
 * Generated dossiers for the export's tests and benchmark, written with bulk SQL (INSERT … SELECT over
 * generate_series: one statement per table, never a row at a time). Content varies with the row number so every
 * branch of the exported document occurs: empty and filled anamnesis and reasoning for one or both ears, reviews
 * with drawing notes and with an advised follow-up and its days, threads, event logs, patients with and without a birth year. Made-up data only.
 * `statements(count, tag)` returns the SQL; the professionals are the demo's pro@ and pro2@ (the demo seed first).
 */

/** A made-up but well-formed version-4 UUID from any text (schemas check UUIDs strictly). */
const uuid = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid::text`;

const STATUSES = ["completed", "completed", "submitted", "draft", "returned", "in_review", "cancelled", "completed"];

export function exportSeedStatements(count, tag = "gen") {
  const patients = Math.max(1, Math.ceil(count / 2));
  const status = `(ARRAY[${STATUSES.map((s) => `'${s}'`).join(",")}])[(g % ${STATUSES.length}) + 1]`;
  const pros = `(SELECT u.id AS uid, p.organisation_id AS org, (row_number() OVER (ORDER BY u.email)) - 1 AS k
       FROM "user" u JOIN professional p ON p.user_id = u.id WHERE u.email IN ('pro@casus.test', 'pro2@casus.test'))`;
  const supervisor = `(SELECT id FROM "user" WHERE email = 'supervisor@casus.test')`;
  const dossierId = (g) => uuid(`'${tag}-dossier-' || ${g}`);
  return [
    `INSERT INTO patient (id, organisation_id, phone, initials, birth_year, sex, created_at)
       SELECT ${uuid(`'${tag}-patient-' || g`)}, p.org, '+3161' || lpad(g::text, 7, '0'),
         CASE WHEN g % 5 = 0 THEN NULL ELSE chr(65 + g % 26) || '.' || chr(66 + (g / 26) % 25) || '.' END,
         CASE WHEN g % 7 = 0 THEN NULL ELSE 1930 + g % 80 END,
         (ARRAY['female','male','other','unknown'])[(g % 4) + 1], now() - make_interval(days => 400)
       FROM generate_series(0, ${patients} - 1) g JOIN ${pros} p ON p.k = g % 2`,
    `INSERT INTO dossier (id, organisation_id, professional_id, patient_id, status, ear_side, anamnesis, reasoning, review, reviewer_id,
         submitted_at, completed_at, created_at, updated_at)
       SELECT ${dossierId("g")}, p.org, p.uid, ${uuid(`'${tag}-patient-' || (g / 2)`)}, s.status,
         (ARRAY['left','right','both'])[(g % 3) + 1],
         CASE WHEN g % 4 = 0 THEN '{"complaints":[],"history":[]}'::jsonb
           ELSE jsonb_build_object('complaints', '["pain","itch"]'::jsonb, 'history', '["recent-swimming"]'::jsonb, 'onset', 'sudden',
             'durationDays', g % 300, 'question', 'Vraag over oor ' || g, 'medication', 'Druppels ' || g, 'allergies', 'Geen', 'otherComplaint', 'Anders ' || g) END,
         CASE WHEN g % 3 = 0 THEN '{}'::jsonb
           ELSE jsonb_build_object('left', jsonb_build_object('canal', '["red-swollen"]'::jsonb, 'eardrum', '["normal"]'::jsonb, 'differential', '["otitis-externa"]'::jsonb,
             'plan', '["ear-drops","follow-up"]'::jsonb, 'diagnosis', 'other', 'otherDiagnosis', 'Iets anders ' || g, 'confidence', 1 + g % 5,
             'followUpDays', 1 + g % 30, 'argument', 'Redenering ' || g))
             || CASE WHEN g % 3 = 2 THEN jsonb_build_object('right', jsonb_build_object('canal', '[]'::jsonb, 'eardrum', '["bulging"]'::jsonb, 'differential', '[]'::jsonb,
               'plan', '["refer-gp"]'::jsonb, 'diagnosis', 'acute-otitis-media', 'confidence', 3)) ELSE '{}'::jsonb END END,
         CASE WHEN s.status IN ('completed', 'returned') THEN jsonb_build_object('agreement', (ARRAY['agree','partly','disagree'])[(g % 3) + 1],
             'ears', jsonb_build_object('left', jsonb_build_object('diagnosis', 'otitis-externa', 'plan', '["ear-drops"]'::jsonb)
               || CASE WHEN g % 2 = 0 THEN jsonb_build_object('plan', '["ear-drops","follow-up"]'::jsonb, 'followUpDays', 1 + g % 30) ELSE '{}'::jsonb END),
             'advisedPlan', 'Advies ' || g, 'urgency', 'routine', 'feedback', 'Terugkoppeling ' || g, 'imageQuality', 1 + g % 5,
             'drawings', jsonb_build_object(${uuid(`'${tag}-drawing-' || g`)}, jsonb_build_array(
               jsonb_build_object('kind', 'text', 'colour', 'red', 'x', 0.5, 'y', 0.25, 'text', 'Let op ' || g),
               jsonb_build_object('kind', 'line', 'colour', 'blue', 'width', 2, 'points', '[[0.1,0.1],[0.2,0.3]]'::jsonb))))
           ELSE NULL END,
         CASE WHEN s.status IN ('in_review', 'completed', 'returned') THEN ${supervisor} END,
         CASE WHEN s.status NOT IN ('draft', 'cancelled') THEN now() - make_interval(mins => g + 5) END,
         CASE WHEN s.status = 'completed' THEN now() - make_interval(mins => g) END,
         now() - make_interval(mins => g + 10), now() - make_interval(mins => g)
       FROM generate_series(0, ${count} - 1) g
       JOIN ${pros} p ON p.k = (g / 2) % 2
       CROSS JOIN LATERAL (SELECT ${status} AS status) s`,
    `INSERT INTO dossier_message (id, dossier_id, author_id, body, at)
       SELECT ${uuid(`'${tag}-message-' || g`)}, ${dossierId("g")}, ${supervisor}, 'Bericht bij dossier ' || g, now() - make_interval(mins => g)
       FROM generate_series(0, ${count} - 1) g WHERE g % 3 = 1`,
    `INSERT INTO dossier_event (dossier_id, organisation_id, professional_id, actor_id, kind, from_status, to_status, detail, at)
       SELECT d.id, d.organisation_id, d.professional_id, d.professional_id, e.kind, e.from_status, e.to_status, e.detail, d.created_at + e.offset_interval
       FROM dossier d
       CROSS JOIN LATERAL (VALUES ('create', NULL, 'draft', NULL::jsonb, interval '0'), ('edit', NULL, NULL, '{"sections":["anamnesis"]}'::jsonb, interval '1 minute')) AS e(kind, from_status, to_status, detail, offset_interval)
       WHERE d.id IN (SELECT ${dossierId("g")} FROM generate_series(0, ${count} - 1) g)`,
    `INSERT INTO dossier_event (dossier_id, organisation_id, professional_id, actor_id, kind, from_status, to_status, at)
       SELECT d.id, d.organisation_id, d.professional_id, d.professional_id, 'discard', 'draft', 'cancelled', d.updated_at
       FROM dossier d WHERE d.status = 'cancelled' AND d.id IN (SELECT ${dossierId("g")} FROM generate_series(0, ${count} - 1) g)`,
  ];
}
