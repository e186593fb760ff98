import { existsSync } from 'node:fs';
import { phoneCodesPerAddressPerHour, phoneCodesPerNumberPerHour } from '@myprosper/contract/verification';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

/** Every setting of the API, read once at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address the server listens on. Unset: 127.0.0.1 (this machine only) while SANDBOX is on, since the
   * stand-ins and /dev/outbox are for the developer's own machine; 0.0.0.0 (every interface) otherwise.
   */
  HOST: z.string().min(1).optional(),
  /**
   * The address people use to reach the app; links in e-mails, SMS and calendar files start with it. Unset:
   * http://localhost:PORT, so a server started on another port still sends people to itself.
   */
  PUBLIC_URL: z.url().optional(),
  /** A PostgreSQL server. Without it the API runs embedded PostgreSQL (PGlite) with data under DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Secret that signs tokens and links; generated and kept under DATA_DIR when not set. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a bearer (access) token lives; the web app refreshes it with the refresh cookie when it expires. */
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * A sign-in's refresh token: unused this many days it expires (idle), and it never outlives this many days
   * from the log-in (absolute), however often it is used.
   */
  REFRESH_TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  REFRESH_TOKEN_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** SMTP server (smtp://user:pass@host:port). Without it mail is kept in the outbox (/dev/outbox). */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('MyProsper <hello@myprosper.test>'),
  /**
   * Serve the local stand-ins of outside services and /dev/outbox. On by default so `npm start` works with
   * nothing configured; with NODE_ENV=production the server refuses to start unless it is set to false.
   */
  SANDBOX: bool.default(true),
  /**
   * Browser journeys only: with SANDBOX, this machine may move a session in time and have the attendance job
   * decide it at once (POST /dev/sessions/:id/move), so a journey sees a no-show without waiting an hour.
   */
  DEV_SESSION_CLOCK: bool.default(false),
  /**
   * Seed demo data (and its demo logins) on the first start of an empty database. On by default; with
   * NODE_ENV=production the server refuses to start unless it is set to false.
   */
  SEED_DEMO: bool.default(true),
  TIME_ZONE: z.string().min(1).default('Africa/Nairobi'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Bearer token for GET /metrics (Prometheus). Without it /metrics answers this machine only (a scraper on
   * the same host or a sidecar); with it, any client that sends `Authorization: Bearer <token>`.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * On SIGTERM: /readyz answers 503 at once and the instance keeps serving this long so the load balancer
   * moves away, then it stops accepting, finishes what is in flight and exits within SHUTDOWN_LIMIT_MS.
   */
  /** OpenTelemetry traces over OTLP/HTTP to this collector (e.g. http://collector:4318); off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('myprosper-api'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SHUTDOWN_LIMIT_MS: z.coerce.number().int().min(1000).max(300_000).default(25_000),
  /** Folder of the built web app; served with the API when present. */
  WEB_DIST: z.string().default('./apps/web/dist'),
  /** Where uploaded files are kept; DATA_DIR/uploads when not set. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * S3-compatible file storage instead of local disk, when S3_BUCKET is set: objects are sent to and read
   * from S3_ENDPOINT (path style unless S3_FORCE_PATH_STYLE=false), signed with SigV4. Without S3_ENDPOINT
   * the local S3 sandbox (PUBLIC_URL/sandbox/s3, served while SANDBOX is on) stands in, with the keys below.
   */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(3).default('MYPROSPERSANDBOXKEY'),
  S3_SECRET_ACCESS_KEY: z.string().min(8).default('myprosper-sandbox-s3-secret-access-key'),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * ClamAV's daemon, as tcp://host:port: every uploaded file is sent to it (INSTREAM) before anything keeps it.
   * A file it finds infected is refused (422); while it cannot answer, uploads are refused (503). Unset: no
   * scan, for development only — production must set it. clamd's StreamMaxLength must be at least 210M
   * (videos are up to 200 MB). A scan fails when clamd is silent for CLAMD_TIMEOUT_SECONDS.
   */
  CLAMD_URL: z
    .string()
    .regex(/^tcp:\/\/(\[[0-9A-Fa-f:.]+\]|[^\s:/[\]]+):\d{1,5}$/, 'must read tcp://host:port')
    .optional(),
  CLAMD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /**
   * Bytes the anonymous uploads of mentor applications may store per day from one address, and for one
   * applicant e-mail (500 MB each by default).
   */
  ANONYMOUS_UPLOAD_BYTES_PER_DAY: z.coerce.number().int().min(100_000).default(500_000_000),
  /** ffprobe, which checks that an uploaded video really is one (Debian: apt-get install ffmpeg). */
  FFPROBE_PATH: z.string().min(1).default('/usr/bin/ffprobe'),
  /** Seconds ffprobe may take on one video before the upload is refused. */
  FFPROBE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  /** How often application files are looked for that must go (unconfirmed e-mail after 24 h, rejected after 30 days). */
  APPLICATION_FILES_CRON: z.string().min(9).default('41 * * * *'),
  /** How often uploads nothing uses are looked for; they are deleted a day after their upload. */
  ORPHAN_UPLOADS_CRON: z.string().min(9).default('23 * * * *'),
  /** The help page's contact form is e-mailed here. */
  SUPPORT_EMAIL: z.email().default('support@myprosper.test'),
  /** How many proxies (load balancers) stand in front of the API; 0 trusts no X-Forwarded-For. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Advisee sign-ups one address may send per minute. */
  RATE_LIMIT_SIGNUPS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** SMS codes (features/verification) one number may be sent, and one address may ask for, in an hour. */
  PHONE_CODES_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(phoneCodesPerNumberPerHour),
  PHONE_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(phoneCodesPerAddressPerHour),
  /**
   * The key two-step sign-in secrets are sealed with (AES-256-GCM): 32 bytes as 64 hex characters. When unset it
   * is derived from the signing secret (JWT_SECRET or the one kept in DATA_DIR); set it before changing that one.
   */
  TWO_STEP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  /**
   * ASVS V6.3.3: `required` refuses every admin API route (403) to an admin without two-step sign-in on; they
   * can still sign in and turn it on at /profile/security. `optional` lets them in without it. Unset: required
   * with NODE_ENV=production, optional otherwise.
   */
  ADMIN_TWO_STEP: z.enum(['required', 'optional']).optional(),
  /** Booking: how far ahead slots are offered, the least notice, and how long an unpaid booking holds its slot. */
  BOOKING_HORIZON_WEEKS: z.coerce.number().int().min(1).max(52).default(4),
  BOOKING_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(10080).default(120),
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Bookings one account may make an hour, whatever its tokens (each holds a slot unpaid for a while); one
   * client address may make 10 times as many, whatever its accounts.
   */
  RATE_LIMIT_BOOKINGS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** A session can be moved until this many hours before its start. */
  RESCHEDULE_CUTOFF_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Background jobs (pg-boss on the same database): on/off, how often workers poll, when unpaid holds are swept. */
  JOBS_ENABLED: bool.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(2),
  /**
   * A job's run still marked active after this long is taken for dead (its process was killed) and the job
   * may run again: checked every minute, or this often when shorter. Runs are short sweeps, safe to repeat.
   */
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  HOLD_EXPIRY_CRON: z.string().min(9).default('* * * * *'),
  /** How often session messages (invitations, confirmations, reschedule notices, reminders) are looked for. */
  NOTIFICATIONS_CRON: z.string().min(9).default('* * * * *'),
  /**
   * Africa's Talking SMS. Without AT_API_KEY messages go to the local sandbox (/sandbox/africastalking, shown
   * at /dev/outbox) while SANDBOX is on. AT_BASE_URL defaults to AT's live host, or its sandbox host for the
   * username 'sandbox'; AT_SENDER_ID is a registered sender id (AT's default when unset).
   */
  AT_BASE_URL: z.url().optional(),
  AT_USERNAME: z.string().min(1).default('sandbox'),
  AT_API_KEY: z.string().min(8).optional(),
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  /**
   * M-PESA Daraja (STK push). Without MPESA_BASE_URL the local sandbox (PUBLIC_URL/sandbox/daraja, served
   * while SANDBOX is on) answers, with the keys below. The short code and pass key default to Daraja's own
   * sandbox ones. Callbacks come to MPESA_CALLBACK_BASE_URL (PUBLIC_URL when unset).
   */
  MPESA_BASE_URL: z.url().optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).default('myprosper-sandbox-consumer-key'),
  MPESA_CONSUMER_SECRET: z.string().min(1).default('myprosper-sandbox-consumer-secret'),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .default('174379'),
  MPESA_PASSKEY: z
    .string()
    .min(1)
    .default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  MPESA_CALLBACK_BASE_URL: z.url().optional(),
  /** The local sandbox waits this long before it posts the callback. */
  MPESA_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Pushes still pending after this many seconds are asked about (STK push query), on this schedule. */
  MPESA_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  MPESA_RECONCILE_CRON: z.string().min(9).default('* * * * *'),
  /** The daily M-PESA reconciliation (every pending push asked about, what cannot be matched kept for admins). */
  MPESA_DAILY_RECONCILE_CRON: z.string().min(9).default('30 3 * * *'),
  /**
   * Payments that can no longer complete expire with a reason (issue 25): an M-PESA push with no final answer
   * this many minutes after it was made (M-PESA is asked once more first), a card checkout not completed within
   * CARD_CHECKOUT_EXPIRE_MINUTES; checked on PAYMENT_EXPIRY_CRON. A success that comes later still applies.
   */
  MPESA_PUSH_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  CARD_CHECKOUT_EXPIRE_MINUTES: z.coerce.number().int().min(20).max(10_080).default(120),
  PAYMENT_EXPIRY_CRON: z.string().min(9).default('*/5 * * * *'),
  /** Our business details on receipts and statements (PDF). */
  BUSINESS_NAME: z.string().min(1).max(100).default('MyProsper Ltd'),
  BUSINESS_ADDRESS: z.string().min(1).max(200).default('P.O. Box 00000-00100, Nairobi, Kenya'),
  BUSINESS_KRA_PIN: z.string().min(1).max(20).default('P000000000X'),
  BUSINESS_EMAIL: z.string().min(3).max(200).default('support@myprosper.test'),
  /**
   * M-PESA's asynchronous "Result" family (B2C payouts and refunds, Reversal, Transaction Status, Account
   * Balance; mpesa-b2c-c2b-whatsapp.md §1). The API operator ("initiator") and its password, encrypted for
   * each request with the public key of the certificate at MPESA_CERT_PATH (Safaricom's sandbox or production
   * certificate; unset: the local sandbox's test certificate, apps/api/sandbox/daraja/sandbox-initiator-cert.pem).
   * B2C pays from MPESA_B2C_SHORTCODE; reversals credit back to MPESA_SHORTCODE with
   * MPESA_REVERSAL_IDENTIFIER_TYPE ('11' in the docs, '4' in older collections).
   */
  MPESA_INITIATOR_NAME: z.string().min(1).default('testapi'),
  MPESA_INITIATOR_PASSWORD: z.string().min(1).default('Safaricom999!*!'),
  MPESA_CERT_PATH: z.string().min(1).optional(),
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .default('600992'),
  MPESA_B2C_COMMAND: z
    .enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment'])
    .default('BusinessPayment'),
  MPESA_REVERSAL_IDENTIFIER_TYPE: z.enum(['11', '4']).default('11'),
  /**
   * B2C requests and reversals with no final result this long after they were made (or at once after a queue
   * timeout) are checked with Transaction Status, on this schedule; never paid again without its answer.
   */
  MPESA_RESULTS_CHECK_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  MPESA_RESULTS_CHECK_CRON: z.string().min(9).default('*/5 * * * *'),
  /** The local sandbox's B2C utility account starts with this many KES. */
  MPESA_SANDBOX_UTILITY_BALANCE: z.coerce.number().int().min(0).max(1_000_000_000).default(5_000_000),
  /**
   * Wallet withdrawals to M-PESA (issue 21): the least one may withdraw, and the one flat fee kept from each
   * that reaches M-PESA (a failed one costs nothing), integer KES. Shown before confirming.
   */
  WITHDRAW_MINIMUM_KES: z.coerce.number().int().min(10).max(250_000).default(50),
  WITHDRAW_FEE_KES: z.coerce.number().int().min(0).max(1_000).default(15),
  /**
   * The Paybill fallback (M-PESA C2B). At start the validation and confirmation URLs are registered with Daraja
   * (once in production: a second registration is refused and logged) under MPESA_CALLBACK_BASE_URL (PUBLIC_URL),
   * at a path whose secret part is MPESA_C2B_PATH_TOKEN (derived from MPESA_CONSUMER_SECRET when unset).
   * RESPONSE_TYPE is what M-PESA does when our validation does not answer in time.
   */
  MPESA_C2B_REGISTER: bool.default(true),
  MPESA_C2B_REGISTER_VERSION: z.enum(['v1', 'v2']).default('v2'),
  MPESA_C2B_RESPONSE_TYPE: z.enum(['Completed', 'Cancelled']).default('Completed'),
  MPESA_C2B_PATH_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_]{24,64}$/, 'must be 24 to 64 letters, digits or _')
    .optional(),
  /**
   * Card: CyberSource Secure Acceptance hosted checkout. Without CARD_PAY_URL the local hosted page
   * (/sandbox/cybersource/pay, served while SANDBOX is on) answers, with the keys below; the secret key signs
   * on the server only. CARD_MERCHANT_POST_URL is where the local page posts its server-to-server receipt
   * (PUBLIC_URL/myprosper/api/card/notify when unset; CyberSource's is set in its Business Center).
   */
  CARD_PAY_URL: z.url().optional(),
  CARD_ACCESS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be 8 to 64 letters and digits')
    .default('a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'),
  CARD_PROFILE_ID: z.string().min(1).max(64).default('0FFEAFFB-8171-4F34-A22D-1CD38A28A384'),
  CARD_SECRET_KEY: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('myprosper-sandbox-card-secret'),
  CARD_MERCHANT_POST_URL: z.url().optional(),
  /** A mentee cancelling at least this many hours before the start gets their payment back in full. */
  CANCEL_FULL_REFUND_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** "Attended": in the call at least this many minutes between a session's start and its end. */
  PRESENCE_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /** A group session needs two paid attendees this many hours before the start (or at booking, if sooner). */
  GROUP_CUTOFF_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** M-PESA PIN prompts to one number per hour, whoever asks (journeys paying from one test number raise it). */
  MPESA_PROMPTS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
  /** SMS from bookings and reminders to one number per day (verification codes aside). */
  SMS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** What the platform keeps of each paid session (rounded down to a shilling); the mentor earns the rest. */
  PLATFORM_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  /** How often ended sessions are looked for to pay their mentors. */
  EARNINGS_CRON: z.string().min(9).default('* * * * *'),
  /**
   * Mentors paid to M-PESA (issue 21): a session's earnings become payable this many hours after it ends,
   * unless a mentee disputes it meanwhile; the payout run (cron, UTC; weekly on Monday 07:00 EAT by default)
   * sends each mentor preferring M-PESA their payable balance by B2C when it is at least PAYOUT_MINIMUM_KES
   * (B2C's own least is KES 10).
   */
  PAYOUT_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(48),
  PAYOUT_CRON: z.string().min(9).default('0 4 * * 1'),
  PAYOUT_MINIMUM_KES: z.coerce.number().int().min(10).max(250_000).default(100),
  /** How often group sessions at their cut-off are checked, and unpaid covers cancelled. */
  GROUP_COVER_CRON: z.string().min(9).default('* * * * *'),
  /**
   * Video calls (docs/calls.md). ICE servers as comma-separated URLs: STUN ones need nothing; TURN ones get
   * coturn time-limited credentials from CALL_TURN_SECRET (coturn's static-auth-secret). None: [] (calls then
   * work on a local network only).
   */
  CALL_STUN_URLS: z.string().optional(),
  CALL_TURN_URLS: z.string().optional(),
  CALL_TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** People may enter this long before the start; the call stays open this long after the end. */
  CALL_EARLY_JOIN_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 60)
    .default(10),
  CALL_GRACE_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  /** How often no-shows are decided and ended calls closed. */
  CALL_ATTENDANCE_CRON: z.string().min(9).default('* * * * *'),
  /** Redis for signaling across API instances (redis://host:6379); without it PostgreSQL carries it. */
  REDIS_URL: z.url().optional(),
  /**
   * Group calls through Janus's VideoRoom (docs/calls.md, docs/decisions/023-group-calls-through-janus.md).
   * JANUS_URL: the WebSocket address browsers reach Janus at (wss://rtc.example.com/janus); JANUS_ADMIN_URL:
   * Janus's Admin API WebSocket, reachable from the API only; JANUS_ADMIN_SECRET: its admin_secret;
   * JANUS_ROOM_ADMIN_KEY: the VideoRoom plugin's admin_key. Without all four, group calls are a mesh.
   */
  JANUS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'must be a ws:// or wss:// address')
    .optional(),
  JANUS_ADMIN_URL: z
    .string()
    .regex(/^wss?:\/\//, 'must be a ws:// or wss:// address')
    .optional(),
  JANUS_ADMIN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  JANUS_ROOM_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** The settings once read: those whose default depends on NODE_ENV or SANDBOX have it filled in. */
export type Env = Omit<ParsedEnv, 'ADMIN_TWO_STEP' | 'HOST' | 'PUBLIC_URL'> & {
  ADMIN_TWO_STEP: 'required' | 'optional';
  HOST: string;
  PUBLIC_URL: string;
};

export class EnvError extends Error {}

/**
 * ASVS V6.3.2, V13.4.2: settings that are on by default for development and must be off in production — the
 * demo accounts and data, and the providers' stand-ins with /dev/outbox. Unset counts as on.
 */
const offInProduction = {
  SANDBOX: 'must be set to false in production (it serves the providers’ stand-ins and /dev/outbox)',
  SEED_DEMO: 'must be set to false in production (it creates demo accounts with a published password)',
} as const;

/** Parse the environment, failing with every bad variable listed. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  const issues = result.success
    ? productionIssues(result.data)
    : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (issues.length > 0 || !result.success) {
    throw new EnvError(`Invalid environment:\n${issues.join('\n')}`);
  }
  return withProductionDefaults(result.data);
}

/**
 * Settings whose default depends on others: admins need two-step sign-in in production; with the stand-ins
 * on, the server listens on this machine only; the public address follows the port.
 */
function withProductionDefaults(env: ParsedEnv): Env {
  return {
    ...env,
    ADMIN_TWO_STEP: env.ADMIN_TWO_STEP ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    HOST: env.HOST ?? (env.SANDBOX ? '127.0.0.1' : '0.0.0.0'),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

/** A listening address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The warning a start must log when the stand-ins are served on an address other machines can reach (SANDBOX
 * on and HOST not loopback); null when they are not. /dev/outbox and /sandbox/* still answer loopback
 * clients only, but a proxy on this machine would make every client look local.
 */
export function sandboxExposure(env: Pick<Env, 'SANDBOX' | 'HOST'>): string | null {
  if (!env.SANDBOX || isLoopbackHost(env.HOST)) return null;
  return (
    `SANDBOX is on and HOST=${env.HOST} can be reached from other machines: the providers' stand-ins ` +
    '(/sandbox/*) and /dev/outbox, with every e-mail and SMS sent (reset links, codes), answer only clients ' +
    'on this machine, but anything forwarding to this port from here exposes them. Set SANDBOX=false for ' +
    'any server others can reach, or leave HOST unset (127.0.0.1).'
  );
}

function productionIssues(env: ParsedEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return (Object.keys(offInProduction) as Array<keyof typeof offInProduction>)
    .filter((name) => env[name])
    .map((name) => `  ${name}: ${offInProduction[name]}`);
}

/** Load ./.env when present (Node's own loader); real environment variables win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
