import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { africasTalkingSandbox } from '../sandbox/africastalking/africastalking.plugin.ts';
import { cybersourceSandbox } from '../sandbox/cybersource/cybersource.plugin.ts';
import { darajaSandbox } from '../sandbox/daraja/daraja.plugin.ts';
import { s3Sandbox } from '../sandbox/s3/s3.plugin.ts';
import type { Env } from './config/env.ts';
import type { Database } from './db/connection.ts';
import { adminRoutes, recordAdminExport } from './features/admin/admin.door.ts';
import { applicationRoutes } from './features/advisor-application/advisor-application.door.ts';
import { assessmentRoutes } from './features/assessment/assessment.door.ts';
import {
  authPlugin,
  authRoutes,
  type Clock,
  SecurityMail,
  TokenService,
  TwoStepRecoveries,
} from './features/auth/auth.door.ts';
import { bookingPlugin } from './features/booking/booking.door.ts';
import { callsPlugin, closeCallRoom, NoShowService } from './features/calls/calls.door.ts';
import { cataloguePlugin, catalogueRoutes, linkPreviewsOf } from './features/catalogue/catalogue.door.ts';
import { healthRoutes } from './features/health/health.door.ts';
import { invitationsRoutes } from './features/invitations/invitations.door.ts';
import { journalRoutes } from './features/journal/journal.door.ts';
import { notificationsPlugin } from './features/notifications/notifications.door.ts';
import { OutboxRepository, outboxRoutes } from './features/outbox/outbox.door.ts';
import {
  CancellationService,
  createMpesaDisbursements,
  createMpesaRefunds,
  createMpesaService,
  createPaybillReview,
  createPaybillService,
  createReceiptLookups,
  disbursementsInFlight,
  HeldEarnings,
  MentorNoShowRefunds,
  OperatorRefunds,
  PaymentExpiry,
  paymentsPlugin,
  ReconciliationService,
} from './features/payments/payments.door.ts';
import { createPayouts, payoutsPlugin } from './features/payouts/payouts.door.ts';
import { profilesPlugin, uploadsServeRoutes } from './features/profiles/profiles.door.ts';
import { SessionsService, sessionsRoutes } from './features/sessions/sessions.door.ts';
import { createPhoneVerification, verificationRoutes } from './features/verification/verification.door.ts';
import {
  createVoucherPurchases,
  paymentVouchers,
  vouchersPlugin,
} from './features/vouchers/vouchers.door.ts';
import { waitlistsPlugin } from './features/waitlists/waitlists.door.ts';
import { walletRoutes } from './features/wallet/wallet.door.ts';
import jobsPlugin from './jobs/jobs.plugin.ts';
import { frameworkErrorAnswer, registerErrorHandler } from './lib/error-handler.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { refuseRemoteToLocalOnly } from './lib/local-only.ts';
import { redactedLogPaths, requestLogSerializer } from './lib/log-redaction.ts';
import { metricsPlugin } from './lib/metrics.ts';
import { requestIdOf } from './lib/request-id.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { sessionRulesOf } from './lib/session-rules.ts';
import { lifecyclePlugin } from './lib/shutdown.ts';
import { tracingPlugin } from './lib/tracing.ts';
import { localCybersourcePath } from './providers/card.ts';
import { fileStoragePlugin, localS3Path } from './providers/file-storage.ts';
import { selfAwareFetch } from './providers/in-process-fetch.ts';
import { createMailer, type Mailer } from './providers/mail.ts';
import { localDarajaPath } from './providers/mpesa.ts';
import { localSandboxPath, smsPlugin } from './providers/sms.ts';
import { registerWebApp } from './web-app.ts';

export interface AppOptions {
  env: Env;
  database: Database;
  signingSecret: string;
  /** Replaces the configured mailer (tests pass none: the outbox mailer is real code). */
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (the hardening tests read them for secrets). */
  logStream?: { write(line: string): void };
  /** The clock bearer and refresh tokens are issued and checked by (tests move it instead of waiting). */
  now?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Database;
    mailer: Mailer;
    signingSecret: string;
  }
}

/** The whole API as one Fastify instance; server.ts only listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            serializers: { req: requestLogSerializer },
            redact: { paths: redactedLogPaths, censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Client addresses (rate limits) come from X-Forwarded-For only through this many trusted proxies.
    trustProxy: (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorAnswer,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<ZodTypeProvider>();

  // The request's id (the caller's X-Request-Id when sane, else a UUID) goes back with every answer.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Traces first, so every route and hook registered after it is covered (off unless configured).
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    await app.register(
      await tracingPlugin({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME }),
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  // /dev/outbox and the stand-ins under /sandbox/ answer this machine only, whatever HOST is (lib/local-only.ts).
  if (env.SANDBOX) app.addHook('onRequest', refuseRemoteToLocalOnly);

  // Outside plugins.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        // Group calls' pages open Janus's WebSocket (JANUS_URL; docs/calls.md) besides our own.
        connectSrc: ["'self'", ...(env.JANUS_URL ? [new URL(env.JANUS_URL).origin] : [])],
        frameAncestors: ["'none'"],
        // ASVS 5.0 V3.4.3: no <base> may redirect the page's relative addresses.
        baseUri: ["'none'"],
        // The card form is posted to CyberSource's hosted page when it is configured, else to the local one at
        // PUBLIC_URL (the page may have been reached under another name of this server).
        formAction: ["'self'", new URL(env.CARD_PAY_URL ?? env.PUBLIC_URL).origin],
        upgradeInsecureRequests: null,
      },
    },
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'MyProsper API', version: '1.0.0', description: 'Mentoring marketplace API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/myprosper/docs' });

  // Our plugins.
  app.decorate('env', env);
  app.decorate('signingSecret', options.signingSecret);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', options.database);
      },
      { name: 'db' },
    ),
  );
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, { token: env.METRICS_TOKEN, pool: options.database.pool });
  // Every e-mail and SMS sent is recorded in the outbox (providers never write our tables themselves).
  const outbox = new OutboxRepository(options.database.db);
  app.decorate('mailer', options.mailer ?? createMailer(env, outbox));
  await app.register(smsPlugin, { sent: outbox });
  await app.register(authPlugin, {
    tokens: new TokenService(options.signingSecret, env.ACCESS_TOKEN_TTL_MINUTES, options.now),
  });
  await app.register(jobsPlugin);
  await app.register(cataloguePlugin);

  // Features: each is one plugin (its routes, the services and jobs it builds); what one lends another is
  // built once by wireFeatures and passed in.
  const {
    sessions,
    mpesa,
    mpesaRefunds,
    paybill,
    paybillReview,
    disbursements,
    cancellation,
    noShows,
    vouchers,
    voucherPurchases,
    twoStepRecoveries,
    reconciliation,
    payouts,
    expiry,
    operatorRefunds,
    receiptLookups,
  } = wireFeatures(app);
  await app.register(healthRoutes);
  // Phone numbers proven by an SMS code: sign-up texts one at once, the mentor application carries a proof.
  const phones = createPhoneVerification(app);
  await app.register(authRoutes, {
    prefix: '/myprosper',
    twoStepRecoveries,
    signedUp: (account, address) => phones.codeForNewAccount(account.id, account.phoneNumber, address),
  });
  await app.register(verificationRoutes, { prefix: '/myprosper', phones });
  await app.register(catalogueRoutes, { prefix: '/myprosper/api' });
  await app.register(bookingPlugin, { prefix: '/myprosper/api', sessions, cancellation });
  await app.register(sessionsRoutes, { prefix: '/myprosper/api', sessions });
  await app.register(journalRoutes, { prefix: '/myprosper/api', sessions });
  await app.register(fileStoragePlugin);
  await app.register(uploadsServeRoutes);
  await app.register(applicationRoutes, { prefix: '/myprosper', phones });
  await app.register(profilesPlugin, {
    prefix: '/myprosper/api',
    cancelAsMentor: (caller, input) => cancellation.cancel(caller, input),
  });
  await app.register(assessmentRoutes, { prefix: '/myprosper/api' });
  await app.register(adminRoutes, {
    prefix: '/myprosper/api/admin',
    mpesa,
    paybillReview,
    cancellation,
    noShows,
    twoStepRecoveries,
    reconciliation,
    disbursements,
    operatorRefunds,
    receiptLookups,
  });
  await app.register(invitationsRoutes, { prefix: '/myprosper/api' });
  await app.register(notificationsPlugin);
  await app.register(waitlistsPlugin);
  if (env.SANDBOX) await app.register(outboxRoutes);
  if (env.SANDBOX) await app.register(africasTalkingSandbox, { prefix: localSandboxPath });
  await app.register(paymentsPlugin, {
    prefix: '/myprosper/api',
    sessions,
    mpesa,
    mpesaRefunds,
    disbursements,
    paybill,
    cancellation,
    vouchers,
    reconciliation,
    expiry,
    // A PDF an admin takes of someone else's money is in the audit log (issue 25: every export is audited).
    auditExport: (item) => recordAdminExport(app.db.db, item),
  });
  await app.register(walletRoutes, { prefix: '/myprosper/api' });
  await app.register(vouchersPlugin, { prefix: '/myprosper/api', purchases: voucherPurchases });
  await app.register(callsPlugin, { noShows });
  await app.register(payoutsPlugin, payouts);
  if (env.SANDBOX) {
    await app.register(darajaSandbox, {
      prefix: localDarajaPath,
      fetch: selfAwareFetch(app, env.PUBLIC_URL),
      customerSms: (to, text) =>
        outbox.record({ channel: 'SMS', recipient: to, body: text, transport: 'mpesa-sandbox' }),
    });
    await app.register(cybersourceSandbox, {
      prefix: localCybersourcePath,
      fetch: selfAwareFetch(app, env.PUBLIC_URL),
    });
  }
  if (env.SANDBOX && env.S3_BUCKET && !env.S3_ENDPOINT) {
    await app.register(s3Sandbox, {
      prefix: localS3Path,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      dir: join(env.DATA_DIR, 's3-sandbox'),
    });
  }

  await registerWebApp(app, env, linkPreviewsOf(app));
  return app;
}

/**
 * What one feature lends another, built once: the one place that knows which feature needs which. Features
 * import each other's doors only and never build each other's services; where one must react to another
 * without importing it (which would make a cycle), the reaction is passed in here:
 * - a refunded share that a voucher paid makes the voucher usable again, and a payment for a voucher settles
 *   it (payments ← vouchers: `vouchers`);
 * - a cancelled session ends its call room (payments ← calls: `sessionCancelled`);
 * - a mentor who did not come gets the session's payers refunded (calls ← payments: `mentorNoShowMoney`).
 * Tests call it on a built app to reach the same services.
 */
export function wireFeatures(app: FastifyInstance) {
  const { env } = app;
  const db = app.db.db;
  const channels = {
    mailer: app.mailer,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    log: app.log,
  };
  const sessions = new SessionsService(db, env);
  const voucherPurchases = createVoucherPurchases(app);
  const vouchers = paymentVouchers(voucherPurchases, db);
  const mpesa = createMpesaService(app, vouchers.topUp);
  // Money out through M-PESA (B2C, reversals): features that pay out register their purposes on it.
  const disbursements = createMpesaDisbursements(app);
  // The daily M-PESA reconciliation (payments' job) and its admin page share one service; after the pushes it
  // runs the disbursements' check of requests still in flight.
  const reconciliation = new ReconciliationService(db, env, mpesa, app.log, [
    disbursementsInFlight(db, disbursements),
  ]);
  // Refunds and withdrawals to M-PESA go out through it (issue 21).
  const mpesaRefunds = createMpesaRefunds(app, disbursements);
  const paybill = createPaybillService(app, mpesa, disbursements);
  const paybillReview = createPaybillReview(app, disbursements);
  // Pushes and card checkouts nobody answered are closed with a reason (issue 25).
  const expiry = new PaymentExpiry(db, env, mpesa, app.log);
  // Operators' refunds of payments (issue 25): back to M-PESA through the same sendings as other refunds.
  const operatorRefunds = new OperatorRefunds(db, mpesaRefunds, channels);
  // Operators ask M-PESA about a code no payment carries; the answer gives the receipt to its push (issue 25).
  const receiptLookups = createReceiptLookups(app, mpesa, disbursements);
  const cancellation = new CancellationService(db, env, sessions, channels, {
    vouchers,
    sessionCancelled: closeCallRoom,
    mpesaRefunds,
  });
  const mentorNoShowMoney = new MentorNoShowRefunds(env, channels, vouchers);
  const noShows = new NoShowService(
    db,
    { graceMinutes: env.CALL_GRACE_MINUTES, presenceMinutes: sessionRulesOf(env).presenceMinutes },
    mentorNoShowMoney,
    app.log,
  );
  const twoStepRecoveries = new TwoStepRecoveries({
    db,
    mail: new SecurityMail({ mailer: app.mailer, log: app.log }),
    env,
    now: app.tokens.now,
  });
  // Mentors paid to M-PESA (issue 21): disputes hold earnings in escrow; payouts go by the Daraja B2C core.
  const payouts = createPayouts(app, {
    disbursements,
    held: new HeldEarnings(env, channels, vouchers),
    mpesaRefunds,
  });
  return {
    sessions,
    voucherPurchases,
    vouchers,
    mpesa,
    mpesaRefunds,
    disbursements,
    paybill,
    paybillReview,
    cancellation,
    mentorNoShowMoney,
    noShows,
    twoStepRecoveries,
    reconciliation,
    payouts,
    expiry,
    operatorRefunds,
    receiptLookups,
  };
}
