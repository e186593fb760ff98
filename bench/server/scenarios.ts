// What the benchmark asks of the API, drawn from the generated data: home data, the mentor list with filters,
// advisor details, topic search with a typo, a busy advisee's sessions, and bookings of free slots.
import { timeBands } from '@myprosper/contract/catalogue';
import { weekDays } from '@myprosper/contract/dates';
import type pg from 'pg';
import { TokenService } from '../../apps/api/src/features/auth/auth.door.ts';
import { sessionShape, typoSearches } from './dataset.ts';
import type { LoadRequest } from './load.ts';

/**
 * 'uncached': catalogue reads that miss the cache on purpose, shown for what they cost (no target).
 * 'reference': the bare route sending as many bytes as the endpoint above it (no target).
 */
export type Group = 'ceiling' | 'reference' | 'catalogue' | 'uncached' | 'search' | 'sessions' | 'booking';

export interface Scenario {
  name: string;
  group: Group;
  /** The next request; every call moves on (rotating lists, a fresh slot per booking). */
  next: () => LoadRequest;
}

const api = '/myprosper/api';

/** A list walked round and round, from a shared position. */
function rotate<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to rotate over');
  let index = 0;
  return () => items[index++ % items.length]!;
}

export interface BookingSlot {
  advisorId: number;
  topicId: number;
  bookerId: number;
  date: string;
  time: string;
}

export interface Inputs {
  topicIds: number[];
  mentorIds: number[];
  filterQueries: string[];
  busyAdvisees: { id: number; token: string }[];
  bookerIds: number[];
  slots: BookingSlot[];
  tokens: Map<number, string>;
}

/** Advisees who book during the run: those with no session of their own (the last of the advisees). */
async function bookerIds(client: pg.Client, mentors: number): Promise<number[]> {
  const shape = sessionShape(mentors);
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM users
     WHERE role = 'ADVISEE' AND email LIKE 'advisee-%@bench.myprosper.test'
       AND split_part(split_part(email, '@', 1), '-', 2)::int >= $1
     ORDER BY id`,
    [shape.rotation + shape.busy],
  );
  return rows.map((r) => r.id);
}

/** Removes what earlier runs left: bookings of the bench's bookers and recorded searches. */
export async function cleanUp(client: pg.Client, bookers: number[]): Promise<number> {
  if (bookers.length === 0) return 0;
  const { rows } = await client.query<{ id: number }>('SELECT id FROM sessions WHERE advisee_id = ANY($1)', [
    bookers,
  ]);
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await client.query('BEGIN');
    for (const table of [
      'session_notifications',
      'call_events',
      'call_attendance',
      'call_presence',
      'calls',
    ]) {
      await client.query(`DELETE FROM ${table} WHERE session_id = ANY($1)`, [ids]);
    }
    await client.query('DELETE FROM session_participants WHERE session_id = ANY($1)', [ids]);
    await client.query('DELETE FROM sessions WHERE id = ANY($1)', [ids]);
    await client.query('COMMIT');
  }
  await client.query('DELETE FROM topic_searches');
  await client.query('DELETE FROM topic_view_events');
  return ids.length;
}

/**
 * Free slots to book, one per request: a weekly hour of an active mentor on a date 2 to 13 days ahead that no
 * session of theirs holds, on a published program of theirs; each slot's booker is an advisee with no other
 * booking at that hour, so every booking should succeed (a refusal would be a bug, a second success a
 * double booking).
 */
async function freeSlots(client: pg.Client, bookers: number[], limit: number): Promise<BookingSlot[]> {
  const { rows } = await client.query<BookingSlot>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series((now() AT TIME ZONE 'Africa/Nairobi')::date + 2,
                                                  (now() AT TIME ZONE 'Africa/Nairobi')::date + 13, interval '1 day') d
     ), candidates AS (
       SELECT aa.advisor_id, days.day, aa.start_hour,
              ((days.day + make_interval(hours => aa.start_hour)) AT TIME ZONE 'Africa/Nairobi') AS starts_at,
              (SELECT at.topic_id FROM advisor_topics at JOIN topics t ON t.id = at.topic_id AND t.is_live
                WHERE at.advisor_id = aa.advisor_id ORDER BY at.position LIMIT 1) AS topic_id
       FROM advisor_availability aa
         JOIN users u ON u.id = aa.advisor_id AND u.role = 'ADVISOR' AND u.status = 'ACTIVE'
         JOIN days ON extract(isodow FROM days.day) = aa.day_of_week
     ), free AS (
       SELECT c.*, row_number() OVER (PARTITION BY c.starts_at ORDER BY hashint4(c.advisor_id)) AS nth
       FROM candidates c
       WHERE c.topic_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.advisor_id = c.advisor_id
                           AND s.status IN ('CONFIRMED', 'PENDING_PAYMENT')
                           AND tstzrange(s.starts_at, s.ends_at) && tstzrange(c.starts_at, c.starts_at + interval '1 hour'))
         AND NOT EXISTS (SELECT 1 FROM advisor_blocked_dates b WHERE b.advisor_id = c.advisor_id AND b.blocked_date = c.day)
     )
     SELECT advisor_id AS "advisorId", topic_id AS "topicId", ($1::int[])[nth] AS "bookerId",
            to_char(day, 'YYYY-MM-DD') AS date, lpad(start_hour::text, 2, '0') || ':00' AS time
     FROM free WHERE nth <= array_length($1::int[], 1)
     ORDER BY hashint4(advisor_id * 31 + start_hour), day
     LIMIT $2`,
    [bookers, limit],
  );
  return rows;
}

export async function loadInputs(
  client: pg.Client,
  options: { mentors: number; jwtSecret: string; bookings: number },
): Promise<Inputs> {
  const topics = await client.query<{ id: number }>(
    `SELECT t.id FROM topics t WHERE t.is_live AND EXISTS (SELECT 1 FROM advisor_topics a WHERE a.topic_id = t.id)
     ORDER BY hashint4(t.id) LIMIT 200`,
  );
  // Best ranked first: the mentors the home page and the lists show first are the ones people open most.
  const mentors = await client.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN advisor_profiles p ON p.user_id = u.id
     WHERE u.role = 'ADVISOR' AND u.status = 'ACTIVE' ORDER BY p.ranking DESC, u.id`,
  );
  const languages = await client.query<{ id: number }>('SELECT id FROM languages ORDER BY id LIMIT 3');
  const industries = await client.query<{ id: number }>('SELECT id FROM industries ORDER BY id LIMIT 4');
  const shape = sessionShape(options.mentors);
  const busy = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'ADVISEE' AND email = ANY($1) ORDER BY id`,
    [Array.from({ length: shape.busy }, (_, b) => `advisee-${shape.rotation + b}@bench.myprosper.test`)],
  );
  const bookers = await bookerIds(client, options.mentors);
  await cleanUp(client, bookers);
  const slots = await freeSlots(client, bookers, options.bookings);

  const tokens = new TokenService(options.jwtSecret, 720);
  const tokenOf = new Map<number, string>();
  for (const id of new Set([...busy.rows.map((r) => r.id), ...slots.map((s) => s.bookerId)])) {
    tokenOf.set(id, await tokens.sign({ userId: id, role: 'ADVISEE', version: 0 }));
  }

  // Filters as people combine them: a program, then days, time bands, industries, languages.
  const topicIds = topics.rows.map((r) => r.id);
  const lang = languages.rows.map((r) => r.id);
  const ind = industries.rows.map((r) => r.id);
  const filterQueries: string[] = [];
  topicIds.slice(0, 40).forEach((topicId, n) => {
    const query = new URLSearchParams({ topicId: String(topicId) });
    if (n % 4 === 1) query.set('days', [weekDays[n % 7], weekDays[(n + 2) % 7]].join(','));
    if (n % 4 === 2) query.set('timeBands', [timeBands[n % 5], timeBands[(n + 1) % 5]].join(','));
    if (n % 5 === 3) query.set('languages', String(lang[n % lang.length]));
    if (n % 6 === 4) query.set('industries', ind.slice(0, 2).join(','));
    filterQueries.push(query.toString());
  });

  return {
    topicIds,
    mentorIds: mentors.rows.map((r) => r.id),
    filterQueries,
    busyAdvisees: busy.rows.map((r) => ({ id: r.id, token: tokenOf.get(r.id)! })),
    bookerIds: bookers,
    slots,
    tokens: tokenOf,
  };
}

export function ceilingScenario(): Scenario {
  return {
    name: 'ceiling: bare Fastify, constant',
    group: 'ceiling',
    next: () => ({ method: 'GET', path: '/' }),
  };
}

/** The bare route sending a body of `bytes` bytes, as big as a large answer of the API. */
export function sameBytesScenario(bytes: number): Scenario {
  return {
    name: `ceiling, ${bytes.toLocaleString('en')} random bytes`,
    group: 'reference',
    next: () => ({ method: 'GET', path: `/bytes/${bytes}` }),
  };
}

export function apiScenarios(inputs: Inputs): Scenario[] {
  const get = (path: string): LoadRequest => ({ method: 'GET', path });
  const filter = rotate(inputs.filterQueries);
  // Nine views in ten go to the 10 % best-ranked mentors, the tenth to any mentor (all of them in turn).
  const popular = rotate(inputs.mentorIds.slice(0, Math.max(1, Math.ceil(inputs.mentorIds.length / 10))));
  const anyMentor = rotate(inputs.mentorIds);
  let views = 0;
  const mentor = () => (++views % 10 === 0 ? anyMentor() : popular());
  const everyMentor = rotate([...inputs.mentorIds].reverse());
  // The cache holds every mentor's profile once read (it is sized for that): a query nobody else asks makes
  // each of these reads a miss, as a profile nobody opened in the last half minute is.
  let missed = 0;
  const search = rotate(typoSearches);
  const busy = rotate(
    inputs.busyAdvisees.flatMap((advisee) => ['UPCOMING', 'PAST'].map((status) => ({ ...advisee, status }))),
  );
  let slotIndex = 0;
  return [
    { name: 'home: live programs', group: 'catalogue', next: () => get(`${api}/getLiveTopics`) },
    { name: 'home: top mentors', group: 'catalogue', next: () => get(`${api}/getTopAdvisors/0/ALL`) },
    { name: 'home: FAQs', group: 'catalogue', next: () => get(`${api}/getFAQsByUserType/ADVISEE`) },
    { name: 'home: testimonials', group: 'catalogue', next: () => get(`${api}/getActiveTestimonials`) },
    {
      name: 'mentor list with filters',
      group: 'catalogue',
      next: () => get(`${api}/getTopicAdvisors/0/ALL?${filter()}`),
    },
    { name: 'advisor details', group: 'catalogue', next: () => get(`${api}/getAdvisorDetails/${mentor()}`) },
    {
      name: 'advisor details, uncached',
      group: 'uncached',
      next: () => get(`${api}/getAdvisorDetails/${everyMentor()}?miss=${++missed}`),
    },
    {
      name: 'topic search with a typo',
      group: 'search',
      next: () => get(`${api}/searchTopics?query=${encodeURIComponent(search().query)}`),
    },
    {
      name: 'sessions of a busy advisee',
      group: 'sessions',
      next: () => {
        const advisee = busy();
        return {
          method: 'GET',
          path: `${api}/getAdviseeSessionsByIdAndStatus/${advisee.id}/${advisee.status}?page=1&pageSize=10`,
          headers: { authorization: `Bearer ${advisee.token}` },
        };
      },
    },
    {
      name: 'booking a free slot',
      group: 'booking',
      next: () => {
        // Past the end of the list slots come round again: those bookings are refused (409), and counted so.
        const slot = inputs.slots[slotIndex++ % inputs.slots.length]!;
        return {
          method: 'POST',
          path: `${api}/bookSession`,
          headers: { authorization: `Bearer ${inputs.tokens.get(slot.bookerId)}` },
          body: JSON.stringify({
            topicId: slot.topicId,
            selectedDate: slot.date,
            selectedTime: slot.time,
            sessionType: 'INDIVIDUAL',
            advisorId: slot.advisorId,
            adviseeId: slot.bookerId,
            paymentMode: 'MPESA',
          }),
        };
      },
    },
  ];
}

/**
 * After the booking run: how many of the bench's bookings the database holds, and how many sessions holding a
 * slot overlap an earlier-starting one, over the whole database, for one mentor or one attendee (double
 * bookings; none if and only if no two overlap). Each list is walked once in order of start (a running
 * latest end), not compared pair by pair: a busy advisee's thousands of attendances made that minutes long.
 */
export async function verifyBookings(client: pg.Client, bookers: number[]) {
  const { rows } = await client.query<{ booked: number; mentorOverlaps: number; attendeeOverlaps: number }>(
    `SELECT (SELECT count(*)::int FROM sessions WHERE advisee_id = ANY($1)) AS booked,
            (SELECT count(*)::int FROM (
               SELECT starts_at, max(ends_at) OVER (PARTITION BY advisor_id ORDER BY starts_at, id
                                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
               FROM sessions WHERE status IN ('CONFIRMED', 'PENDING_PAYMENT')) s
             WHERE s.earlier_end > s.starts_at) AS "mentorOverlaps",
            (SELECT count(*)::int FROM (
               SELECT starts_at, max(ends_at) OVER (PARTITION BY advisee_id ORDER BY starts_at, id
                                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
               FROM session_participants WHERE holds_slot AND advisee_id IS NOT NULL) p
             WHERE p.earlier_end > p.starts_at) AS "attendeeOverlaps"`,
    [bookers],
  );
  return rows[0]!;
}
