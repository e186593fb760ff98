// Fills a PostgreSQL database (server or embedded) with the benchmark's marketplace, in SQL: INSERT … SELECT
// over generate_series, every constraint of the schema in force (exclusion constraints, the ledger's
// double-entry and balance rules, foreign keys). The money is made in generate-ledger.ts; the marker of what
// was made is written last (marker.ts).
import { splitEarnings } from '@myprosper/contract/payments';
import { sessionPrice } from '@myprosper/contract/pricing';
import type pg from 'pg';
import {
  demoFaqs,
  demoIndustries,
  demoLanguages,
  demoLeadSources,
  demoPricing,
  demoTestimonials,
} from '../../apps/api/src/db/seed/demo-content.ts';
import { factoryPasswordHash } from '../../apps/api/src/db/seed/factories.ts';
import {
  audiences,
  datasetSize,
  firstNames,
  generatorVersion,
  lastNames,
  occupations,
  sessionShape,
  slotHours,
  subjects,
  weekOfK,
} from './dataset.ts';
import { generateLedger } from './generate-ledger.ts';
import { type Marker, writeMarker } from './marker.ts';

const commissionPercent = 20;
const timeZone = 'Africa/Nairobi';

/** Fills an empty, migrated database. `log` gets one line per step. */
export async function generate(
  client: pg.Client,
  scale: number,
  log: (line: string) => void,
): Promise<Marker> {
  const size = datasetSize(scale);
  const shape = sessionShape(size.mentors);
  const started = Date.now();
  const passwordHash = await factoryPasswordHash();
  const price = sessionPrice({
    base_session_price: demoPricing[0]!.baseSessionPrice,
    vat_tax: demoPricing[0]!.vatTax,
  });
  const { earnings, commission } = splitEarnings(price, commissionPercent);
  const { rows: existing } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((existing[0]?.n ?? 0) > 0) throw new Error('the benchmark database must be empty before generating');

  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = Date.now();
    const result = await client.query(sql, params);
    log(
      `  ${label.padEnd(34)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
  };

  const M = size.mentors;
  const A = size.advisees;
  const P = size.programs;
  const R = shape.rotation;
  const B = shape.busy;

  await step(
    'industries, languages, lead sources',
    `INSERT INTO industries (name) SELECT unnest(${sqlTextArray(demoIndustries)});
     INSERT INTO languages (name) SELECT unnest(${sqlTextArray(demoLanguages)});
     INSERT INTO lead_sources (name) SELECT unnest(${sqlTextArray(demoLeadSources)})`,
  );
  await step(
    'pricing, FAQs, testimonials',
    `INSERT INTO pricing_settings (price_type, base_session_price, vat_tax)
       SELECT * FROM json_to_recordset(${sqlJson(demoPricing.map((p) => ({ price_type: p.priceType, base_session_price: p.baseSessionPrice, vat_tax: p.vatTax })))})
         AS t(price_type price_type, base_session_price int, vat_tax int);
     INSERT INTO faqs (user_type, question, answer, position)
       SELECT user_type, question, answer, n::int
       FROM ROWS FROM (json_to_recordset(${sqlJson(demoFaqs.map((f) => ({ user_type: f.userType, question: f.question, answer: f.answer })))})
                       AS (user_type user_type, question text, answer text))
         WITH ORDINALITY AS t(user_type, question, answer, n);
     INSERT INTO testimonials (testimonial, name, position, sort_order)
       SELECT testimonial, name, position, n::int
       FROM ROWS FROM (json_to_recordset(${sqlJson(demoTestimonials)}) AS (testimonial text, name text, position text))
         WITH ORDINALITY AS t(testimonial, name, position, n)`,
  );

  await step(
    `programs (${P}, 90 % published)`,
    `INSERT INTO topics (name, img_url, tag_line, video_url, is_live, position)
     SELECT s.subjects[1 + t % array_length(s.subjects, 1)] || ' for ' || s.audiences[1 + (t / array_length(s.subjects, 1)) % array_length(s.audiences, 1)]
              || CASE WHEN t >= array_length(s.subjects, 1) * array_length(s.audiences, 1) THEN ' ' || t ELSE '' END,
            '/images/topics/' || s.images[1 + t % array_length(s.images, 1)] || '.svg',
            'Practical guidance from people who have done it, one hour at a time',
            '/media/intro-' || (1 + t % 4) || '.webm',
            t % 10 <> 9,
            t
     FROM generate_series(0, $1 - 1) AS t,
          (SELECT $2::text[] AS subjects, $3::text[] AS audiences, $4::text[] AS images) AS s
     ORDER BY t`,
    [
      P,
      subjects,
      audiences,
      [
        'career-growth',
        'leadership',
        'personal-finance',
        'public-speaking',
        'entrepreneurship',
        'job-search',
      ],
    ],
  );
  await client.query(
    `CREATE TEMP TABLE program_map AS SELECT position AS t, id FROM topics;
     ALTER TABLE program_map ADD PRIMARY KEY (t)`,
  );
  await step(
    'program tips',
    `INSERT INTO topic_tips (topic_id, name, position)
     SELECT p.id, tip, n::int FROM program_map p,
       unnest(ARRAY['Write down the one question you most want answered before the session',
                    'Bring a real example: advice lands better on your own situation',
                    'Agree on one small next step and a date to take it']) WITH ORDINALITY AS x(tip, n)`,
  );

  await step(
    'admin',
    `INSERT INTO users (email, name, password_hash, role, status, is_demo)
     VALUES ('admin@bench.myprosper.test', 'Bench Admin', $1, 'ADMIN', 'ACTIVE', 0)`,
    [passwordHash],
  );
  await step(
    `mentors (${M})`,
    `INSERT INTO users (email, name, phone_number, password_hash, role, status, gender, industry_id, occupation,
                        linkedin_url, country, profile_pic_url, source, is_demo, password_changed_at)
     SELECT 'mentor-' || m || '@bench.myprosper.test',
            s.firsts[1 + m % 20] || ' ' || s.lasts[1 + (m / 20) % 20],
            '2547' || (10000000 + m),
            $2, 'ADVISOR',
            (CASE WHEN m % 50 = 49 THEN 'SUSPENDED' ELSE 'ACTIVE' END)::user_status,
            CASE WHEN m % 2 = 0 THEN 'Female' ELSE 'Male' END,
            s.industries[1 + (m * 7) % array_length(s.industries, 1)],
            s.occupations[1 + m % array_length(s.occupations, 1)],
            'https://www.linkedin.com/in/bench-mentor-' || m,
            'Kenya',
            '/images/mentors/m' || lpad((1 + m % 25)::text, 2, '0') || '.svg',
            'LinkedIn', 0, now() - interval '400 days'
     FROM generate_series(0, $1 - 1) AS m,
          (SELECT $3::text[] AS firsts, $4::text[] AS lasts, $5::text[] AS occupations,
                  ARRAY(SELECT id FROM industries ORDER BY id) AS industries) AS s
     ORDER BY m`,
    [M, passwordHash, firstNames, lastNames, occupations],
  );
  await step(
    `advisees (${A})`,
    `INSERT INTO users (email, name, phone_number, password_hash, role, status, gender, occupation, country,
                        source, is_demo, password_changed_at)
     SELECT 'advisee-' || a || '@bench.myprosper.test',
            s.firsts[1 + (a * 7) % 20] || ' ' || s.lasts[1 + (a / 7) % 20],
            '2547' || (20000000 + a),
            $2, 'ADVISEE', 'ACTIVE',
            CASE WHEN a % 2 = 0 THEN 'Male' ELSE 'Female' END,
            'Professional', 'Kenya', 'Facebook', 0, now() - interval '400 days'
     FROM generate_series(0, $1 - 1) AS a, (SELECT $3::text[] AS firsts, $4::text[] AS lasts) AS s
     ORDER BY a`,
    [A, passwordHash, firstNames, lastNames],
  );
  await client.query(
    `CREATE TEMP TABLE mentor_map AS
       SELECT split_part(split_part(email, '@', 1), '-', 2)::int AS m, id, status FROM users WHERE role = 'ADVISOR';
     ALTER TABLE mentor_map ADD PRIMARY KEY (m);
     CREATE TEMP TABLE advisee_map AS
       SELECT split_part(split_part(email, '@', 1), '-', 2)::int AS a, id, email, phone_number FROM users WHERE role = 'ADVISEE';
     ALTER TABLE advisee_map ADD PRIMARY KEY (a);
     ANALYZE mentor_map; ANALYZE advisee_map; ANALYZE program_map`,
  );

  await step(
    'mentor profiles',
    `INSERT INTO advisor_profiles (user_id, favourite_quote, biography, video_url, yrs_of_professional_work_experience,
                                   size_of_organization, level_of_advisee, rating_for_working_with_new_advisees,
                                   ranking, reviewed_at)
     SELECT id, 'The best time to start was yesterday; the next best is today.',
            'Fifteen years in the field across East Africa. I help people see their options clearly, decide, and take the first step. Mentor number ' || m || '.',
            CASE WHEN m % 3 = 0 THEN '/media/intro-' || (1 + m % 4) || '.webm' END,
            '10+', '200+', 'Any', '5', (m * 7919) % 1000, now() - interval '300 days'
     FROM mentor_map`,
  );
  await step(
    'mentor programs (3 each)',
    `INSERT INTO advisor_topics (advisor_id, topic_id, position)
     SELECT mm.id, p.id, j FROM mentor_map mm, generate_series(0, 2) AS j
       JOIN LATERAL (SELECT id FROM program_map WHERE t = (mm.m * 37 + j * 677) % $1) p ON true`,
    [P],
  );
  await step(
    'mentor languages',
    `INSERT INTO advisor_languages (advisor_id, language_id)
     SELECT mm.id, s.langs[CASE WHEN j = 0 THEN 1 WHEN j = 1 THEN 2 + mm.m % (array_length(s.langs, 1) - 1)
                                ELSE 2 + (mm.m * 7 + 3) % (array_length(s.langs, 1) - 1) END]
     FROM mentor_map mm, generate_series(0, 2) AS j, (SELECT ARRAY(SELECT id FROM languages ORDER BY id) AS langs) s
     WHERE j < 2 OR mm.m % 3 = 0
     ON CONFLICT DO NOTHING`,
  );
  // Home hour: weekday 1 + (m / 15) % 7 at slotHours[m % 15]; 15 mentors in a row have 15 different hours.
  await step(
    'weekly hours (home hour + 7)',
    `INSERT INTO advisor_availability (advisor_id, day_of_week, start_hour)
     SELECT mm.id,
            CASE WHEN j = 0 THEN 1 + (mm.m / 15) % 7 ELSE 1 + (mm.m * 3 + j * 5) % 7 END,
            ($1::int[])[CASE WHEN j = 0 THEN 1 + mm.m % 15 ELSE 1 + (mm.m * 7 + j * 4) % 15 END]
     FROM mentor_map mm, generate_series(0, 7) AS j
     ON CONFLICT DO NOTHING`,
    [slotHours],
  );

  // Sessions: i = k * M + m. The mentor's k-th session, on the mentor's home hour in week weekOfK[k].
  await client.query(
    `CREATE TEMP TABLE plan AS
     SELECT i, m, k, advisor_id, advisee_id, advisee_email, advisee_phone, topic_id, starts_at, kind,
            least(starts_at - interval '7 days', now() - interval '1 day') AS created_at
     FROM (
       SELECT i, ik.m, ik.k, mm.id AS advisor_id,
              CASE WHEN ik.m < 105 * $2 AND ik.m % 105 < 15 THEN busy.id ELSE rot.id END AS advisee_id,
              CASE WHEN ik.m < 105 * $2 AND ik.m % 105 < 15 THEN busy.email ELSE rot.email END AS advisee_email,
              CASE WHEN ik.m < 105 * $2 AND ik.m % 105 < 15 THEN busy.phone_number ELSE rot.phone_number END AS advisee_phone,
              (SELECT topic_id FROM advisor_topics at WHERE at.advisor_id = mm.id AND at.position = ik.k % 3) AS topic_id,
              ((date_trunc('week', now() AT TIME ZONE '${timeZone}')
                + make_interval(days => ($3::int[])[ik.k + 1] * 7 + (ik.m / 15) % 7, hours => ($4::int[])[1 + ik.m % 15]))
                AT TIME ZONE '${timeZone}') AS starts_at,
              CASE WHEN ik.k <= 12 THEN 'PAST' WHEN ik.k <= 14 OR (ik.k = 15 AND ik.m < $5) THEN 'COMING'
                   WHEN ik.k % 2 = 0 THEN 'CANCELLED' ELSE 'EXPIRED' END AS kind
       FROM generate_series(0, $1 - 1) AS i
         CROSS JOIN LATERAL (SELECT i % ${M} AS m, i / ${M} AS k) ik
         JOIN mentor_map mm ON mm.m = ik.m
         JOIN advisee_map rot ON rot.a = i % ${R}
         LEFT JOIN advisee_map busy ON busy.a = ${R} + ik.m / 105
     ) planned`,
    [size.sessions, B, weekOfK, slotHours, shape.comingThird],
  );
  await client.query('ALTER TABLE plan ADD PRIMARY KEY (i); ANALYZE plan');
  await step(
    `sessions (${size.sessions})`,
    `INSERT INTO sessions (reference, advisor_id, advisee_id, topic_id, session_type, starts_at, ends_at, status,
                           payment_status, payment_mode, amount, hold_expires_at, call_status, created_at, updated_at)
     SELECT 'BEN-' || lpad(i::text, 7, '0'), advisor_id, advisee_id, topic_id, 'INDIVIDUAL',
            starts_at, starts_at + interval '1 hour',
            (CASE kind WHEN 'PAST' THEN 'CONFIRMED' WHEN 'COMING' THEN 'CONFIRMED' ELSE kind END)::session_status,
            (CASE WHEN kind IN ('PAST', 'COMING') THEN 'PAID' ELSE 'UNPAID' END)::session_payment_status,
            (CASE WHEN i % 5 = 0 THEN 'WALLET' ELSE 'MPESA' END)::payment_mode,
            $1,
            CASE WHEN kind = 'EXPIRED' THEN created_at + interval '15 minutes' END,
            (CASE WHEN kind = 'PAST' THEN 'ENDED' ELSE 'NOT_STARTED' END)::session_call_status,
            created_at, created_at
     FROM plan ORDER BY i`,
    [price],
  );
  await client.query(
    `CREATE TEMP TABLE session_map AS SELECT substr(reference, 5)::int AS i, id FROM sessions;
     ALTER TABLE session_map ADD PRIMARY KEY (i); ANALYZE session_map`,
  );
  await step(
    'session attendees (hosts)',
    `INSERT INTO session_participants (session_id, advisee_id, phone_number, email, amount, invitation_status,
                                       payment_status, is_host, starts_at, ends_at, holds_slot, created_at)
     SELECT sm.id, p.advisee_id, p.advisee_phone, p.advisee_email, $1, 'ACCEPTED',
            (CASE WHEN kind IN ('PAST', 'COMING') THEN 'PAID' ELSE 'UNPAID' END)::session_payment_status,
            true, p.starts_at, p.starts_at + interval '1 hour', kind IN ('PAST', 'COMING'), p.created_at
     FROM plan p JOIN session_map sm USING (i) ORDER BY i`,
    [price],
  );
  await step(
    'ratings (60 % of ended sessions)',
    `INSERT INTO session_feedback (session_id, advisee_id, rating, comment, created_at)
     SELECT sm.id, p.advisee_id, 3 + (i * 31) % 3, CASE WHEN i % 4 = 0 THEN 'Clear and practical advice.' END,
            p.starts_at + interval '2 hours'
     FROM plan p JOIN session_map sm USING (i)
     WHERE kind = 'PAST' AND i % 5 < 3`,
  );

  await generateLedger(client, size, { price, earnings, commission }, step, log);
  const t = Date.now();
  await client.query('VACUUM (ANALYZE)');
  log(`  ${'vacuum, analyze'.padEnd(34)} ${''.padStart(9)}       ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const marker: Marker = {
    generatorVersion,
    size,
    generatedOn: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  await writeMarker(client, marker);
  return marker;
}

function sqlTextArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

function sqlJson(value: unknown): string {
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::json`;
}
