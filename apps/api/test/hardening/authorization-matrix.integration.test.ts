import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/payments.ts';
import { factoryPassword, type UserRow } from '../../src/db/seed/factories.ts';
import { randomIp, uniqueEmail } from '../../src/features/auth/auth.test-helpers.ts';
import { bearer, bookingPayload, everyDay } from '../../src/features/booking/booking.test-helpers.ts';
import { phones } from '../../src/features/payments/payments.test-helpers.ts';
import { multipartBody, pngBytes } from '../../src/features/profiles/profiles.test-helpers.ts';
import { isLocalOnlyRoute } from '../../src/lib/local-only.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import {
  type AppRoute,
  appRoutes,
  appTables,
  changedTables,
  dataFingerprint,
  fillPath,
  forgedTokens,
  settledFingerprint,
} from './support.ts';
import { buildWorld, fresh, linkPhone, type World } from './world.ts';

/**
 * Every route of the API against every kind of caller, with the status each one must get, in ONE table. The
 * advisee owns the objects the calls name (their sessions with the mentor, their payment, voucher, profile,
 * self assessment and photo; mentor routes name the mentor's own); the other advisee and the other mentor own
 * none of them. The three bad tokens claim to be the advisee (expired) or the admin (another key, alg none).
 */
const callers = [
  'visitor',
  'advisee',
  'otherAdvisee',
  'mentor',
  'otherMentor',
  'admin',
  'expired',
  'otherKey',
  'algNone',
] as const;
type Caller = (typeof callers)[number];

/** Expected statuses, in the order of `callers`. */
const open200 = '200 200 200 200 200 200 200 200 200';
const signedIn = '401 200 200 200 200 200 401 401 401';
const adminOnly = '401 403 403 403 403 200 401 401 401';
const adminOnly404 = '401 403 403 403 403 404 401 401 401';
const adminOnly422 = '401 403 403 403 403 422 401 401 401';
const theMentorAndAdmins = '401 403 403 200 403 200 401 401 401';
const theMentor = '401 403 403 200 403 403 401 401 401';
const anyMentor = '401 403 403 200 200 403 401 401 401';
const theAdviseeAndAdmins = '401 200 403 403 403 200 401 401 401';
const sessionPeople = '401 200 404 200 404 404 401 401 401';

// biome-ignore format: one row per route, one column per caller
const table: Record<string, string> = {
  //                                                        visitor advisee other-advisee mentor other-mentor admin expired other-key alg-none
  // Auth and sign-up: open to all; a token, good or bad, changes nothing.
  'POST /myprosper/auth/authenticate':                      open200,
  'POST /myprosper/auth/validateToken':                     open200,
  'POST /myprosper/auth/forgotPassword':                    open200,
  'POST /myprosper/auth/checkResetLink':                    '422 422 422 422 422 422 422 422 422',
  'POST /myprosper/auth/resetPassword':                     '422 422 422 422 422 422 422 422 422',
  'POST /myprosper/auth/registerAdvisee':                   open200,
  'POST /myprosper/auth/registerAdvisor':                   '415 415 415 415 415 415 415 415 415',
  // E-mail links: a forged one is refused whoever opens it; each signed-in person asks for their own (the
  // factories' addresses are confirmed already).
  'POST /myprosper/auth/verifyEmail':                       '422 422 422 422 422 422 422 422 422',
  'POST /myprosper/auth/resendEmailLink':                   '401 422 422 422 422 422 401 401 401',
  // Signed-in devices: each person sees their own; only the advisee may end the advisee's sign-in. Before log-out
  // and the password change, which end every sign-in of the advisee.
  'GET /myprosper/auth/signIns':                            signedIn,
  // Proven phones: each signed-in person proves their own number (the world's are proven already, and no code
  // was asked for); an applicant, who has no account, asks for and types codes of their own.
  'GET /myprosper/auth/phone':                              signedIn,
  'POST /myprosper/auth/phone/sendCode':                    '401 422 422 422 422 422 401 401 401',
  'POST /myprosper/auth/phone/verify':                      '401 422 422 422 422 422 401 401 401',
  'POST /myprosper/auth/application/phone/sendCode':        open200,
  'POST /myprosper/auth/application/phone/verify':          '422 422 422 422 422 422 422 422 422',
  // Step 1 of the application, for anyone: a free e-mail and number may go on, whoever asks.
  'POST /myprosper/auth/application/check':                 open200,
  'DELETE /myprosper/auth/signIns/:signInId':               '401 200 404 404 404 404 401 401 401',
  // Two-step sign-in: the code step needs the password step's challenge (a forged one is refused alike); each
  // signed-in person sets up their own, and cannot confirm or turn off one that is not on.
  'POST /myprosper/auth/authenticate/code':                 '401 401 401 401 401 401 401 401 401',
  'GET /myprosper/auth/twoStep':                            signedIn,
  'POST /myprosper/auth/twoStep/setup':                     signedIn,
  'POST /myprosper/auth/twoStep/confirm':                   '401 422 422 422 422 422 401 401 401',
  'POST /myprosper/auth/twoStep/disable':                   '401 422 422 422 422 422 401 401 401',
  // Recovery from a second factor: only a reset link's holder asks (a forged link is refused, token or not).
  'POST /myprosper/auth/twoStep/recovery':                  '422 422 422 422 422 422 422 422 422',
  'POST /myprosper/auth/logout':                            signedIn,
  // The refresh cookie of a log-in (each person brings their own); a bearer token, good or bad, is no refresh token.
  'POST /myprosper/auth/refresh':                           signedIn,
  'POST /myprosper/api/changePassword':                     signedIn,
  // Catalogue: public.
  'GET /myprosper/api/getLiveTopics':                       open200,
  'GET /myprosper/api/getTopicDetails/:topicId':            open200,
  'GET /myprosper/api/getTopicAdvisors/:userId/ALL':        open200,
  'GET /myprosper/api/getTopicAdvisors/:userId/PAGE':       open200,
  'GET /myprosper/api/getTopAdvisors/:userId/ALL':          open200,
  'GET /myprosper/api/getAdvisorDetails/:advisorId':        open200,
  'GET /myprosper/api/getAdvisorAvailability/:advisorId':   open200,
  'GET /myprosper/api/getFAQsByUserType/:userType':         open200,
  'GET /myprosper/api/getActiveTestimonials':               open200,
  'GET /myprosper/api/getPricingSettingByPriceType/:priceType': open200,
  'GET /myprosper/api/sessionRules':                        open200,
  'GET /myprosper/api/getIndustries':                       open200,
  'GET /myprosper/api/getLanguages':                        open200,
  'GET /myprosper/api/getLeadSources':                      open200,
  'GET /myprosper/api/searchTopics':                        open200,
  'POST /myprosper/api/topicViewed':                        open200,
  // Sessions: their advisee(s) and mentor; admins use the admin console.
  'GET /myprosper/api/getAdviseeSessionsByIdAndStatus/:userId/:status': '401 200 403 403 403 403 401 401 401',
  'GET /myprosper/api/getAdvisorSessionsByIdAndStatus/:userId/:status': theMentor,
  'GET /myprosper/api/getAdvisorSessionById/:id':           sessionPeople,
  'GET /myprosper/api/sessions/:id/calendar.ics':           sessionPeople,
  'POST /myprosper/api/addFeedback':                        '401 200 404 403 404 404 401 401 401',
  // Between sessions (issue 24): the session's people read its journal and write their own notes; only its mentor
  // gives action items, only their mentee ticks one, only the mentor removes one (gone by the admin's turn).
  'GET /myprosper/api/sessions/:id/journal':                sessionPeople,
  'PUT /myprosper/api/sessions/:id/notes':                  sessionPeople,
  'POST /myprosper/api/sessions/:id/actionItems':           '401 403 404 200 404 404 401 401 401',
  'PUT /myprosper/api/actionItems/:itemId':                 '401 200 404 403 404 404 401 401 401',
  'DELETE /myprosper/api/actionItems/:itemId':              '401 403 404 200 404 404 401 401 401',
  // Each mentee's own journey; a mentor reads a mentee's journey with them only.
  'GET /myprosper/api/journey':                             '401 200 200 403 403 403 401 401 401',
  'GET /myprosper/api/journey/mentees/:adviseeId':          '401 403 403 200 404 403 401 401 401',
  // The advisee already holds the world's two unpaid sessions: past authorization, the hold limit answers 409.
  'POST /myprosper/api/bookSession':                        '401 409 200 422 403 403 401 401 401',
  'POST /myprosper/api/rescheduleSession':                  sessionPeople,
  // Only a paid mentee answers a proposed move; the world's session has none open (422 to its people).
  'POST /myprosper/api/answerReschedule':                   '401 422 404 422 404 404 401 401 401',
  // Waitlists (issue 24): each signed-in person reads where they stand; the world's mentor has free hours, so a
  // mentee is told to book instead (409); the mentor may not wait for themself (422), another mentor or an
  // admin not at all (403); nobody is on the list to leave it (404).
  'GET /myprosper/api/waitlists/mentors/:advisorId':        signedIn,
  'POST /myprosper/api/waitlists/mentors/:advisorId':       '401 409 409 422 403 403 401 401 401',
  'DELETE /myprosper/api/waitlists/mentors/:advisorId':     '401 404 404 404 404 404 401 401 401',
  // Payments and wallets.
  // The world's prompt for the advisee's share still waits: past authorization, one at a time answers 409.
  'POST /myprosper/api/makeMpesaPayment':                   '401 409 404 403 403 403 401 401 401',
  'POST /myprosper/api/mpesa/callback/:token':              open200,
  // Daraja's B2C/reversal/status/balance results: unsigned, named by the path token; always a quick 200.
  'POST /myprosper/api/mpesa/results/:token':               open200,
  'POST /myprosper/api/mpesa/timeouts/:token':              open200,
  'GET /myprosper/api/getLastPayment/:id':                  sessionPeople,
  // The Paybill fallback: Daraja's C2B calls only at the secret path (a guessed one is 404 to anyone); each
  // mentee reads and claims for their own share (the mentor and admins pay nothing).
  'POST /myprosper/api/paybill/c2b/:token/validate':        '404 404 404 404 404 404 404 404 404',
  'POST /myprosper/api/paybill/c2b/:token/confirm':         '404 404 404 404 404 404 404 404 404',
  'GET /myprosper/api/paybill/:id':                         '401 200 404 403 403 403 401 401 401',
  'POST /myprosper/api/paybill/:id/code':                   '401 200 404 403 403 403 401 401 401',
  'POST /myprosper/api/checkoutSession':                    '401 422 403 403 403 403 401 401 401',
  'GET /myprosper/api/cancellationPolicy/:id':              sessionPeople,
  'POST /myprosper/api/cancelSession':                      '401 200 404 422 404 404 401 401 401',
  // A group's price cover: its people read it; only its host pays (nothing is owed on the world's session).
  'GET /myprosper/api/groupCover/:id':                      sessionPeople,
  'POST /myprosper/api/payGroupCover':                      '401 409 404 403 404 404 401 401 401',
  'GET /myprosper/api/getAdviseeBalance/:userId':           theAdviseeAndAdmins,
  'GET /myprosper/api/getAdvisorBalance/:userId':           theMentorAndAdmins,
  'GET /myprosper/api/payouts/earnings':                    anyMentor,
  // Only a mentee who paid for the session; an empty reason is refused before anything is looked at.
  'GET /myprosper/api/sessions/:id/dispute':         '401 200 403 403 403 403 401 401 401',
  'POST /myprosper/api/sessions/:id/dispute':        '401 422 422 403 403 403 401 401 401',
  'GET /myprosper/api/getTransactions/:userId':             theAdviseeAndAdmins,
  // PDFs: a payer's receipt (the advisee's payment is still pending: 422 to them and admins, 404 to others); a
  // mentor's own earnings statement (admins name the mentor).
  'GET /myprosper/api/payments/:id/receipt.pdf':            '401 422 404 404 404 422 401 401 401',
  'GET /myprosper/api/earnings/statement.pdf':              '401 403 403 200 404 200 401 401 401',
  // Refunds to M-PESA and withdrawals (issue 21): each person's own; a withdrawal only to a verified number,
  // never more than the wallet holds (the world's wallets hold less than asked), never by an admin.
  'GET /myprosper/api/refundPreference':                    signedIn,
  'PUT /myprosper/api/refundPreference':                    signedIn,
  'GET /myprosper/api/mpesaRefunds':                        signedIn,
  'GET /myprosper/api/withdrawalRules':                     signedIn,
  'POST /myprosper/api/withdrawals':                        '401 422 422 422 422 403 401 401 401',
  'POST /myprosper/api/generateCardHttpSignature':          '401 200 404 403 403 403 401 401 401',
  'POST /myprosper/api/card/receipt/session':               '400 400 400 400 400 400 400 400 400',
  'POST /myprosper/api/card/receipt/voucher':               '400 400 400 400 400 400 400 400 400',
  'POST /myprosper/api/card/notify':                        '400 400 400 400 400 400 400 400 400',
  // Vouchers: the buyer's own.
  'POST /myprosper/api/createVoucher':                      '401 200 403 403 403 403 401 401 401',
  'POST /myprosper/api/makeVoucherMpesaPayment':            '401 200 404 404 404 404 401 401 401',
  'GET /myprosper/api/getVoucher/:reference':               '401 200 404 404 404 404 401 401 401',
  // The owner's voucher is not refundable (its mentor still gives its program): 409 to them, 404 to others.
  'POST /myprosper/api/refundVoucher':                      '401 409 404 404 404 404 401 401 401',
  'GET /myprosper/api/myVouchers':                          signedIn,
  'POST /myprosper/api/redeemVoucher':                      '401 422 404 403 403 403 401 401 401',
  // Profiles, files, mentor settings, self assessment, help.
  'GET /myprosper/api/getAdviseeDetails/:id':               theAdviseeAndAdmins,
  'GET /myprosper/api/getAdvisorProfile/:id':               theMentorAndAdmins,
  'POST /myprosper/api/updateAdviseeDetails':               '401 200 403 403 403 403 401 401 401',
  'POST /myprosper/api/updateAdvisorDetails':               theMentor,
  'POST /myprosper/api/uploadFile':                         signedIn,
  'POST /myprosper/api/updateProfilePicture':               signedIn,
  'GET /uploads/:folder/:name':                             open200,
  'GET /myprosper/api/getAdvisorTimeSlots/:advisorId':      theMentorAndAdmins,
  'POST /myprosper/api/addAdvisorTimeSlot':                 theMentor,
  'POST /myprosper/api/updateAdvisorTopics':                theMentor,
  'GET /myprosper/api/advisorBlockedDates':                 anyMentor,
  'POST /myprosper/api/advisorBlockedDates':                anyMentor,
  'DELETE /myprosper/api/advisorBlockedDates/:date':        anyMentor,
  'GET /myprosper/api/getBanks':                            signedIn,
  'GET /myprosper/api/getPaymentMethods/:userId':           theMentorAndAdmins,
  'POST /myprosper/api/updatePaymentMethod':                anyMentor,
  'POST /myprosper/api/contactSupport':                     open200,
  'GET /myprosper/api/inviteLink':                          signedIn,
  'POST /myprosper/api/selfAssessment':                     '401 200 403 403 403 403 401 401 401',
  'GET /myprosper/api/selfAssessments/latest/:adviseeId':   '401 200 403 200 403 200 401 401 401',
  // Invitations and calls.
  'GET /myprosper/api/invitationStatus/:sessionId/:phoneNo': open200,
  'POST /myprosper/api/acceptInvitation':                   '401 403 403 403 403 403 401 401 401',
  'POST /myprosper/api/declineInvitation':                  '401 403 403 403 403 403 401 401 401',
  'POST /myprosper/api/startSession':                       '401 403 403 200 403 403 401 401 401',
  'POST /myprosper/api/calls/:sessionId/ticket':            sessionPeople,
  'GET /myprosper/api/calls/:sessionId':                    '401 200 404 200 404 200 401 401 401',
  'GET /myprosper/ws/calls':                                '401 401 401 401 401 401 401 401 401',
  // Admin console: admins only. Writes name objects that do not exist, so they change nothing.
  'GET /myprosper/api/admin/dashboard':                     adminOnly,
  'GET /myprosper/api/admin/applications':                  adminOnly,
  'POST /myprosper/api/admin/applications/:id/approve':     adminOnly404,
  'POST /myprosper/api/admin/applications/:id/reject':      adminOnly404,
  'GET /myprosper/api/admin/users':                         adminOnly,
  'GET /myprosper/api/admin/users/:id':                     adminOnly,
  'POST /myprosper/api/admin/users/:id/suspend':            adminOnly404,
  'POST /myprosper/api/admin/users/:id/reactivate':         adminOnly404,
  'GET /myprosper/api/admin/programs':                      adminOnly,
  'POST /myprosper/api/admin/programs':                     adminOnly,
  'PUT /myprosper/api/admin/programs/order':                adminOnly422,
  'PUT /myprosper/api/admin/programs/:id':                  adminOnly404,
  'PUT /myprosper/api/admin/programs/:id/live':             adminOnly404,
  'POST /myprosper/api/admin/programs/:id/image':           adminOnly404,
  'DELETE /myprosper/api/admin/programs/:id':               adminOnly404,
  'GET /myprosper/api/admin/pricing':                       adminOnly,
  'PUT /myprosper/api/admin/pricing/:priceType':            adminOnly,
  'GET /myprosper/api/admin/faqs':                          adminOnly,
  'POST /myprosper/api/admin/faqs':                         adminOnly,
  'PUT /myprosper/api/admin/faqs/order':                    adminOnly422,
  'PUT /myprosper/api/admin/faqs/:id':                      adminOnly404,
  'GET /myprosper/api/admin/testimonials':                  adminOnly,
  'POST /myprosper/api/admin/testimonials':                 adminOnly,
  'PUT /myprosper/api/admin/testimonials/order':            adminOnly422,
  'PUT /myprosper/api/admin/testimonials/:id':              adminOnly404,
  'GET /myprosper/api/admin/sessions':                      adminOnly,
  'GET /myprosper/api/admin/sessions/:id':                  adminOnly,
  'POST /myprosper/api/admin/sessions/:id/cancel':          adminOnly404,
  'PUT /myprosper/api/admin/sessions/:id/no-shows':         adminOnly404,
  'GET /myprosper/api/admin/search':                        adminOnly,
  'GET /myprosper/api/admin/payments':                      adminOnly,
  'GET /myprosper/api/admin/payments/:id':                  adminOnly404,
  'POST /myprosper/api/admin/payments/:id/query':           adminOnly404,
  'POST /myprosper/api/admin/payments/:id/refunds':         adminOnly404,
  'POST /myprosper/api/admin/payments/receipt-lookups':     adminOnly422,
  'GET /myprosper/api/admin/payments/receipt-lookups/:receipt': adminOnly,
  'GET /myprosper/api/admin/paybill':                       adminOnly,
  'POST /myprosper/api/admin/paybill/:id/credit':           adminOnly404,
  'POST /myprosper/api/admin/paybill/:id/refund':           adminOnly404,
  'GET /myprosper/api/admin/refunds':                       adminOnly,
  'GET /myprosper/api/admin/vouchers':                      adminOnly,
  'GET /myprosper/api/admin/vouchers/:id':                  adminOnly404,
  'POST /myprosper/api/admin/vouchers/:id/refund':          adminOnly404,
  'POST /myprosper/api/admin/vouchers/:id/reassign':        adminOnly404,
  'POST /myprosper/api/admin/vouchers/:id/extend':          adminOnly404,
  'GET /myprosper/api/admin/payouts':                       adminOnly,
  'POST /myprosper/api/admin/payouts':                      adminOnly404,
  'GET /myprosper/api/admin/payouts/history':               adminOnly,
  'GET /myprosper/api/admin/payouts.csv':                   adminOnly,
  'GET /myprosper/api/admin/reconciliation':                adminOnly,
  'POST /myprosper/api/admin/reconciliation/runs':          adminOnly,
  'POST /myprosper/api/admin/reconciliation/items/:id/recheck': adminOnly404,
  'POST /myprosper/api/admin/reconciliation/items/:id/resolve': adminOnly404,
  'POST /myprosper/api/admin/mpesaStatements':              adminOnly422,
  'GET /myprosper/api/admin/mpesaStatements/:id':           adminOnly404,
  'GET /myprosper/api/admin/mpesaBalance':                  adminOnly,
  'POST /myprosper/api/admin/mpesaBalance':                 adminOnly,
  'GET /myprosper/api/admin/payoutRuns':                    adminOnly,
  'POST /myprosper/api/admin/payoutRuns':                   adminOnly,
  'GET /myprosper/api/admin/disputes':                      adminOnly,
  'POST /myprosper/api/admin/disputes/:id/decide':          adminOnly404,
  'GET /myprosper/api/admin/insights':                      adminOnly,
  'GET /myprosper/api/admin/audit':                         adminOnly,
  'GET /myprosper/api/admin/twoStepRecoveries':             adminOnly,
  'POST /myprosper/api/admin/twoStepRecoveries/:id/approve': adminOnly404,
  'POST /myprosper/api/admin/twoStepRecoveries/:id/refuse': adminOnly404,
  // Operations and API documentation.
  'GET /healthz':                                           open200,
  'GET /readyz':                                            open200,
  // This machine or the bearer of METRICS_TOKEN only (the matrix calls from another address): a user's
  // token, even an admin's, opens nothing.
  'GET /metrics':                                           '404 404 404 404 404 404 404 404 404',
  'GET /myprosper/docs':                                    open200,
  'GET /myprosper/docs/':                                   open200,
  'GET /myprosper/docs/static/index.html':                  '302 302 302 302 302 302 302 302 302',
  'GET /myprosper/docs/static/swagger-initializer.js':      open200,
  'GET /myprosper/docs/static/*':                           open200,
  'GET /myprosper/docs/json':                               open200,
  'GET /myprosper/docs/yaml':                               open200,
  // The local stand-ins of outside services (only while SANDBOX is on): their own keys and signatures.
  'GET /dev/outbox':                                        open200,
  'GET /dev/outbox.json':                                   open200,
  'POST /sandbox/africastalking/version1/messaging':        '401 401 401 401 401 401 401 401 401',
  'GET /sandbox/daraja/oauth/v1/generate':                  '400 400 400 400 400 400 400 400 400',
  'POST /sandbox/daraja/mpesa/stkpush/v1/processrequest':   '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/stkpushquery/v1/query':       '404 404 404 404 404 404 404 404 404',
  // The Result family: Daraja's bearer token or 404.001.03, whoever calls.
  'POST /sandbox/daraja/mpesa/b2c/v3/paymentrequest':       '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/reversal/v1/request':         '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/transactionstatus/v1/query':  '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/accountbalance/v1/query':     '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/c2b/v1/registerurl':          '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/c2b/v2/registerurl':          '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/c2b/v1/simulate':             '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/mpesa/c2b/v2/simulate':             '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/pulltransactions/v1/register':      '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/pulltransactions/v1/query':         '404 404 404 404 404 404 404 404 404',
  'POST /sandbox/daraja/c2b/mode':                          open200,
  'POST /sandbox/daraja/c2b/pay':                           '400 400 400 400 400 400 400 400 400',
  'POST /sandbox/cybersource/pay':                          '400 400 400 400 400 400 400 400 400',
  'POST /sandbox/cybersource/pay/complete':                 '400 400 400 400 400 400 400 400 400',
  'GET /sandbox/cybersource/autosubmit.js':                 open200,
};

/** The order calls are made in: the refused first, so the allowed ones find the objects as they were. */
const callOrder: Caller[] = [
  'visitor',
  'expired',
  'otherKey',
  'algNone',
  'otherAdvisee',
  'otherMentor',
  'advisee',
  'mentor',
  'admin',
];

interface Call {
  /** The whole path, for a wildcard route. */
  url?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
}
type Build = (w: World, caller: Caller) => Call | Promise<Call>;

const missing = 999_999;
const json = (payload: object): Call => ({ payload });
const form = (payload: string): Call => ({
  payload,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
/** A free hour of the mentor of its own per caller: from the soonest on, or from the latest back. */
const slot = (w: World, caller: Caller, from: 'soonest' | 'latest') => {
  const index = callers.indexOf(caller);
  const free = w.freeSlots[from === 'soonest' ? index : w.freeSlots.length - 1 - index];
  if (!free) throw new Error('no free slot left');
  return free;
};
const photo = async (): Promise<Call> => {
  const png = await pngBytes(32, 32);
  const body = await multipartBody({ fileType: 'IMAGE' }, { file: { bytes: png, name: 'p.png' } });
  return { payload: body.payload, headers: body.headers };
};
const weekOfEveryHour = Object.entries(everyDay).map(([dayName, hours]) => ({
  dayName,
  sessionTimeSlots: (hours ?? []).map((h) => ({
    startTime: `${String(h).padStart(2, '0')}:00:00`,
    endTime: `${String(h + 1).padStart(2, '0')}:00:00`,
  })),
}));
const farDate = new Date(Date.now() + 200 * 24 * 3_600_000).toISOString().slice(0, 10);
const program = {
  name: 'Matrix program',
  tagLine: 'Made here',
  videoURL: '/media/intro-1.webm',
  tips: ['x'],
};
const faq = { userType: 'ADVISEE', question: 'Matrix?', answer: 'Yes.' };
const testimonial = { testimonial: '/media/intro-1.webm', name: 'Matrix', position: 'Tester' };
const forgedLink = (w: World) => ({
  email: w.advisee.email,
  userId: String(w.advisee.id),
  timestamp: String(Date.now()),
  signature: 'forged',
});

/** What each route is called with (none: no parameters and no body). */
const requests: Record<string, Build> = {
  'POST /myprosper/auth/authenticate': (w) => json({ username: w.invitee.email, password: factoryPassword }),
  'POST /myprosper/auth/validateToken': async (w) =>
    json({ token: (await tokenOf(w.otherAdvisee)).slice(7) }),
  'POST /myprosper/auth/forgotPassword': () => json({ email: uniqueEmail('matrix') }),
  'POST /myprosper/auth/checkResetLink': (w) => json(forgedLink(w)),
  'POST /myprosper/auth/resetPassword': (w) =>
    json({ ...forgedLink(w), password: 'Taken#Over1', confirmPassword: 'Taken#Over1' }),
  'POST /myprosper/auth/registerAdvisee': (w) =>
    json({
      email: uniqueEmail('matrix'),
      name: 'Matrix Person',
      phoneNumber: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      password: factoryPassword,
      confirmPassword: factoryPassword,
      industryId: w.industryId,
      gender: 'Female',
      dob: '1994-05-17',
      source: 'Friend',
    }),
  'POST /myprosper/auth/registerAdvisor': () => json({ name: 'Not multipart' }),
  'POST /myprosper/auth/verifyEmail': () => json({ token: 'forged.link.token' }),
  'POST /myprosper/auth/phone/sendCode': () => json({}),
  'POST /myprosper/auth/phone/verify': () => json({ code: '123456' }),
  'POST /myprosper/auth/application/phone/sendCode': () =>
    json({ phoneNumber: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }),
  'POST /myprosper/auth/application/phone/verify': () =>
    json({ phoneNumber: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, code: '123456' }),
  'POST /myprosper/auth/application/check': () =>
    json({
      email: uniqueEmail('matrix'),
      phoneNumber: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      password: 'Mlima#Kenya2026',
    }),
  'POST /myprosper/auth/refresh': async (w, caller) => {
    const people: Partial<Record<Caller, UserRow>> = {
      advisee: w.advisee,
      otherAdvisee: w.otherAdvisee,
      mentor: w.mentor,
      otherMentor: w.otherMentor,
      admin: w.admin,
    };
    const person = people[caller];
    const headers: Record<string, string> = person ? { cookie: await refreshCookieOf(person) } : {};
    return { payload: {}, headers };
  },
  // The advisee ends one of their sign-ins; everybody else tries one the advisee keeps.
  'DELETE /myprosper/auth/signIns/:signInId': (_w, caller) => ({
    params: { signInId: caller === 'advisee' ? adviseeSignIns.toEnd : adviseeSignIns.toKeep },
  }),
  'POST /myprosper/auth/authenticate/code': () =>
    json({ challenge: 'forged.challenge.token', code: '123456' }),
  'POST /myprosper/auth/twoStep/setup': () => json({ password: factoryPassword }),
  // Six letters are never a code of the app.
  'POST /myprosper/auth/twoStep/confirm': () => json({ password: factoryPassword, code: 'ABCDEF' }),
  'POST /myprosper/auth/twoStep/disable': () => json({ password: factoryPassword, code: '123456' }),
  'POST /myprosper/auth/twoStep/recovery': () =>
    json({
      email: 'eA',
      userId: 'MQ',
      timestamp: 'MQ',
      signature: 'x'.repeat(64),
      reason: 'I lost my phone and codes',
    }),
  'POST /myprosper/api/changePassword': () =>
    json({ currentPassword: factoryPassword, password: factoryPassword, confirmPassword: factoryPassword }),
  'GET /myprosper/api/getTopicDetails/:topicId': (w) => ({ params: { topicId: w.topicId } }),
  'GET /myprosper/api/getTopicAdvisors/:userId/ALL': (w) => ({ params: { userId: w.advisee.id } }),
  'GET /myprosper/api/getTopicAdvisors/:userId/PAGE': (w) => ({ params: { userId: w.advisee.id } }),
  'GET /myprosper/api/getTopAdvisors/:userId/ALL': (w) => ({ params: { userId: w.advisee.id } }),
  'GET /myprosper/api/getAdvisorDetails/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'GET /myprosper/api/getAdvisorAvailability/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'GET /myprosper/api/getFAQsByUserType/:userType': () => ({ params: { userType: 'ADVISEE' } }),
  'GET /myprosper/api/getPricingSettingByPriceType/:priceType': () => ({
    params: { priceType: 'INDIVIDUAL' },
  }),
  'GET /myprosper/api/searchTopics': () => ({ query: { query: 'program' } }),
  'POST /myprosper/api/topicViewed': (w) => json({ topicId: w.topicId }),
  'GET /myprosper/api/getAdviseeSessionsByIdAndStatus/:userId/:status': (w) => ({
    params: { userId: w.advisee.id, status: 'UPCOMING' },
  }),
  'GET /myprosper/api/getAdvisorSessionsByIdAndStatus/:userId/:status': (w) => ({
    params: { userId: w.mentor.id, status: 'UPCOMING' },
  }),
  'GET /myprosper/api/getAdvisorSessionById/:id': (w) => ({ params: { id: w.sessions.confirmed } }),
  'GET /myprosper/api/sessions/:id/calendar.ics': (w) => ({ params: { id: w.sessions.confirmed } }),
  'GET /myprosper/api/sessions/:id/journal': (w) => ({ params: { id: w.sessions.past } }),
  'PUT /myprosper/api/sessions/:id/notes': (w) => ({
    params: { id: w.sessions.past },
    payload: { body: 'Matrix notes' },
  }),
  'POST /myprosper/api/sessions/:id/actionItems': (w) => ({
    params: { id: w.sessions.past },
    payload: { title: 'Matrix action item' },
  }),
  'PUT /myprosper/api/actionItems/:itemId': (w) => ({
    params: { itemId: w.actionItems.toTick },
    payload: { done: true },
  }),
  'DELETE /myprosper/api/actionItems/:itemId': (w) => ({ params: { itemId: w.actionItems.toRemove } }),
  'GET /myprosper/api/journey/mentees/:adviseeId': (w) => ({ params: { adviseeId: w.advisee.id } }),
  'POST /myprosper/api/addFeedback': (w) => json({ sessionId: w.sessions.past, rating: 5, comment: 'Great' }),
  'POST /myprosper/api/bookSession': (w, c) =>
    json(bookingPayload(w.mentor.id, w.topicId, slot(w, c, 'soonest'))),
  'POST /myprosper/api/rescheduleSession': (w, c) => {
    const to = slot(w, c, 'latest');
    return json({ sessionId: w.sessions.toMove, selectedDate: to.date, selectedTime: to.time });
  },
  'GET /myprosper/api/waitlists/mentors/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'POST /myprosper/api/waitlists/mentors/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'DELETE /myprosper/api/waitlists/mentors/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'POST /myprosper/api/answerReschedule': (w) =>
    json({ sessionId: w.sessions.toMove, proposalId: 1, accept: true }),
  'POST /myprosper/api/makeMpesaPayment': (w) =>
    json({ phoneNumber: phones.noCallback, sessionId: w.sessions.unpaid }),
  'POST /myprosper/api/mpesa/callback/:token': () => ({
    params: { token: 'unknownCallbackToken123' },
    payload: {
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: 'ws_CO_unknown',
          ResultCode: 1032,
          ResultDesc: 'Cancelled',
        },
      },
    },
  }),
  'POST /myprosper/api/mpesa/results/:token': () => ({
    params: { token: 'unknownResultToken12345' },
    payload: {
      Result: { ResultType: 0, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' },
    },
  }),
  'POST /myprosper/api/mpesa/timeouts/:token': () => ({
    params: { token: 'unknownResultToken12345' },
    payload: { Result: { ResultType: 0, ResultCode: 'QUEUE_TIMEOUT', ResultDesc: 'Expired' } },
  }),
  'GET /myprosper/api/getLastPayment/:id': (w) => ({ params: { id: w.sessions.unpaid } }),
  'POST /myprosper/api/paybill/c2b/:token/validate': () => ({
    params: { token: 'guessedPaybillToken12345' },
    payload: {
      TransID: 'TGUESSED01',
      TransAmount: '10',
      BusinessShortCode: '174379',
      BillRefNumber: 'BK222222',
    },
  }),
  'POST /myprosper/api/paybill/c2b/:token/confirm': () => ({
    params: { token: 'guessedPaybillToken12345' },
    payload: {
      TransID: 'TGUESSED01',
      TransAmount: '10',
      BusinessShortCode: '174379',
      BillRefNumber: 'BK222222',
    },
  }),
  'GET /myprosper/api/paybill/:id': (w) => ({ params: { id: w.sessions.unpaid } }),
  'POST /myprosper/api/paybill/:id/code': (w) => ({
    params: { id: w.sessions.unpaid },
    payload: { code: 'TMATRIX001' },
  }),
  'POST /myprosper/api/checkoutSession': (w) =>
    json({ sessionId: w.sessions.unpaid, adviseeId: w.advisee.id }),
  'GET /myprosper/api/cancellationPolicy/:id': (w) => ({ params: { id: w.sessions.confirmed } }),
  'POST /myprosper/api/cancelSession': (w) => json({ sessionId: w.sessions.toCancel, reason: 'Matrix' }),
  'GET /myprosper/api/groupCover/:id': (w) => ({ params: { id: w.sessions.confirmed } }),
  'POST /myprosper/api/payGroupCover': (w) => json({ sessionId: w.sessions.confirmed }),
  'GET /myprosper/api/getAdviseeBalance/:userId': (w) => ({ params: { userId: w.advisee.id } }),
  'GET /myprosper/api/getAdvisorBalance/:userId': (w) => ({ params: { userId: w.mentor.id } }),
  'GET /myprosper/api/getTransactions/:userId': (w) => ({ params: { userId: w.advisee.id } }),
  'GET /myprosper/api/payments/:id/receipt.pdf': async (w) => {
    const [row] = await ctx.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.payerId, w.advisee.id));
    return { params: { id: row?.id ?? missing } };
  },
  'GET /myprosper/api/earnings/statement.pdf': (w) => ({
    query: { month: '2026-11', mentorId: String(w.mentor.id) },
  }),
  'GET /myprosper/api/refundPreference': () => ({}),
  'PUT /myprosper/api/refundPreference': () => json({ destination: 'WALLET' }),
  'GET /myprosper/api/mpesaRefunds': () => ({}),
  'GET /myprosper/api/withdrawalRules': () => ({}),
  'POST /myprosper/api/withdrawals': () => json({ amount: 200_000, requestId: 'matrix-withdrawal' }),
  'POST /myprosper/api/generateCardHttpSignature': (w) => json({ purpose: 'SESSION', id: w.sessions.unpaid }),
  'POST /myprosper/api/card/receipt/session': () => form('req_reference_number=1&signature=forged'),
  'POST /myprosper/api/card/receipt/voucher': () => form('req_reference_number=1&signature=forged'),
  'POST /myprosper/api/card/notify': () => form('req_reference_number=1&signature=forged'),
  'POST /myprosper/api/createVoucher': (w) =>
    json({
      adviseeId: w.advisee.id,
      recipientName: 'Matrix Gift',
      recipientEmail: 'matrix.gift@example.com',
      recipientPhoneNumber: '+254711000333',
      topicId: w.topicId,
      advisorId: w.mentor.id,
      amount: 1,
      paymentMode: 'CARD',
      mpesaPhoneNumber: 'N/A',
      recipientNote: 'x',
    }),
  'POST /myprosper/api/makeVoucherMpesaPayment': (w) =>
    json({ reference: w.voucherReference, phoneNumber: phones.noCallback }),
  'GET /myprosper/api/getVoucher/:reference': (w) => ({ params: { reference: w.voucherReference } }),
  'POST /myprosper/api/refundVoucher': (w) => json({ reference: w.voucherReference }),
  // A well-formed code that was never issued.
  'POST /myprosper/api/redeemVoucher': (w) =>
    json({ sessionId: w.sessions.unpaid, voucherCode: 'ABCDEFGHJKMNPQRS' }),
  'GET /myprosper/api/getAdviseeDetails/:id': (w) => ({ params: { id: w.advisee.id } }),
  'GET /myprosper/api/getAdvisorProfile/:id': (w) => ({ params: { id: w.mentor.id } }),
  'POST /myprosper/api/updateAdviseeDetails': (w) =>
    json({
      adviseeId: w.advisee.id,
      email: w.advisee.email,
      industryId: w.industryId,
      gender: 'Female',
      dob: '1995-03-04',
      linkedInUrl: 'https://www.linkedin.com/in/advisee',
      occupation: 'Nurse',
    }),
  'POST /myprosper/api/updateAdvisorDetails': (w) =>
    json({
      advisorId: w.mentor.id,
      emailAddress: w.mentor.email,
      industryId: w.industryId,
      gender: 'Male',
      dob: '1980-02-03',
      linkedInUrl: 'https://www.linkedin.com/in/mentor',
      occupation: 'Architect',
      favouriteQuote: 'Measure twice.',
      biography: 'Builds things.',
      country: 'Kenya',
    }),
  'POST /myprosper/api/uploadFile': photo,
  'POST /myprosper/api/updateProfilePicture': photo,
  'GET /uploads/:folder/:name': (w) => ({ url: w.uploadPath }),
  'GET /myprosper/api/getAdvisorTimeSlots/:advisorId': (w) => ({ params: { advisorId: w.mentor.id } }),
  'POST /myprosper/api/addAdvisorTimeSlot': (w) =>
    json({ advisorId: w.mentor.id, sessionDaysDTOList: weekOfEveryHour }),
  'POST /myprosper/api/updateAdvisorTopics': (w) => json({ advisorId: w.mentor.id, topics: [w.topicId] }),
  'POST /myprosper/api/advisorBlockedDates': () => json({ dates: [farDate] }),
  'DELETE /myprosper/api/advisorBlockedDates/:date': () => ({ params: { date: farDate } }),
  'GET /myprosper/api/getPaymentMethods/:userId': (w) => ({ params: { userId: w.mentor.id } }),
  'POST /myprosper/api/updatePaymentMethod': () =>
    json({ method: 'MPESA', preferred: true, mpesaPhoneNumber: '0712345678' }),
  'POST /myprosper/api/contactSupport': () =>
    json({ name: 'Matrix', email: 'matrix@example.com', message: 'Hi' }),
  'POST /myprosper/api/selfAssessment': (w) =>
    json({
      adviseeId: w.advisee.id,
      strugglingWith: 'a',
      strugglingWithThisArea: 'b',
      howHaveYouAddresses: 'c',
      additionalInformation: 'd',
    }),
  'GET /myprosper/api/selfAssessments/latest/:adviseeId': (w) => ({ params: { adviseeId: w.advisee.id } }),
  'GET /myprosper/api/invitationStatus/:sessionId/:phoneNo': (w) => ({
    params: { sessionId: w.sessions.group, phoneNo: linkPhone(w.invitee) },
  }),
  // The invitation is the invitee's: nobody else may take it, whatever id they send.
  'POST /myprosper/api/acceptInvitation': (w) =>
    json({ adviseeId: w.invitee.id, sessionId: w.sessions.group }),
  'POST /myprosper/api/declineInvitation': (w) => json({ sessionId: w.sessions.group }),
  'POST /myprosper/api/startSession': (w) =>
    json({ sessionId: w.sessions.startingNow, advisorId: w.mentor.id }),
  'POST /myprosper/api/calls/:sessionId/ticket': (w) => ({ params: { sessionId: w.sessions.startingNow } }),
  'GET /myprosper/api/calls/:sessionId': (w) => ({ params: { sessionId: w.sessions.startingNow } }),
  'GET /myprosper/ws/calls': () => ({ query: { ticket: 'forged.ticket' } }),
  'POST /myprosper/api/admin/applications/:id/approve': () => ({ params: { id: missing }, payload: {} }),
  'POST /myprosper/api/admin/twoStepRecoveries/:id/approve': () => ({ params: { id: missing }, payload: {} }),
  'POST /myprosper/api/admin/twoStepRecoveries/:id/refuse': () => ({ params: { id: missing }, payload: {} }),
  'POST /myprosper/api/admin/applications/:id/reject': () => ({
    params: { id: missing },
    payload: { reason: 'No' },
  }),
  'GET /myprosper/api/admin/users': () => ({ query: { role: 'ADVISEE' } }),
  'GET /myprosper/api/admin/users/:id': (w) => ({ params: { id: w.advisee.id } }),
  'POST /myprosper/api/admin/users/:id/suspend': () => ({
    params: { id: missing },
    payload: { reason: 'Matrix' },
  }),
  'POST /myprosper/api/admin/users/:id/reactivate': () => ({ params: { id: missing }, payload: {} }),
  'POST /myprosper/api/admin/programs': () => json(program),
  'PUT /myprosper/api/admin/programs/order': () => json({ ids: [missing] }),
  'PUT /myprosper/api/admin/programs/:id': () => ({ params: { id: missing }, payload: program }),
  'PUT /myprosper/api/admin/programs/:id/live': () => ({
    params: { id: missing },
    payload: { isLive: true },
  }),
  'POST /myprosper/api/admin/programs/:id/image': async () => ({
    params: { id: missing },
    ...(await photo()),
  }),
  'DELETE /myprosper/api/admin/programs/:id': () => ({ params: { id: missing } }),
  'PUT /myprosper/api/admin/pricing/:priceType': () => ({
    params: { priceType: 'INDIVIDUAL' },
    payload: { baseSessionPrice: 2500, vatTax: 16 },
  }),
  'POST /myprosper/api/admin/faqs': () => json(faq),
  'PUT /myprosper/api/admin/faqs/order': () => json({ userType: 'ADVISEE', ids: [missing] }),
  'PUT /myprosper/api/admin/faqs/:id': () => ({ params: { id: missing }, payload: faq }),
  'POST /myprosper/api/admin/testimonials': () => json(testimonial),
  'PUT /myprosper/api/admin/testimonials/order': () => json({ ids: [missing] }),
  'PUT /myprosper/api/admin/testimonials/:id': () => ({ params: { id: missing }, payload: testimonial }),
  'GET /myprosper/api/admin/sessions/:id': (w) => ({ params: { id: w.sessions.confirmed } }),
  'POST /myprosper/api/admin/sessions/:id/cancel': () => ({
    params: { id: missing },
    payload: { reason: 'Matrix' },
  }),
  'PUT /myprosper/api/admin/sessions/:id/no-shows': (w) => ({
    params: { id: missing },
    payload: { people: [{ userId: w.advisee.id, noShow: true }] },
  }),
  'POST /myprosper/api/admin/payments/:id/query': () => ({ params: { id: missing }, payload: {} }),
  'GET /myprosper/api/admin/search': () => ({ query: { query: '0712 345 678' } }),
  'GET /myprosper/api/admin/payments/:id': () => ({ params: { id: missing } }),
  'POST /myprosper/api/admin/payments/:id/refunds': () => ({
    params: { id: missing },
    payload: {
      amount: 100,
      destination: 'WALLET',
      reason: 'Matrix check',
      requestId: '00000000-0000-4000-8000-000000000000',
    },
  }),
  // Not an M-PESA code: refused before anything is asked of M-PESA.
  'POST /myprosper/api/admin/payments/receipt-lookups': () => json({ receipt: 'ABC' }),
  'GET /myprosper/api/admin/payments/receipt-lookups/:receipt': () => ({ params: { receipt: 'ZZ00ZZ00ZZ' } }),
  'POST /myprosper/api/admin/vouchers/:id/extend': () => ({
    params: { id: missing },
    payload: { reason: 'Matrix check' },
  }),
  'GET /myprosper/api/admin/vouchers/:id': () => ({ params: { id: missing } }),
  'POST /myprosper/api/admin/vouchers/:id/refund': () => ({
    params: { id: missing },
    payload: { reason: 'Matrix check' },
  }),
  'POST /myprosper/api/admin/vouchers/:id/reassign': (w) => ({
    params: { id: missing },
    payload: { mentorId: w.mentor.id, reason: 'Matrix check' },
  }),
  'POST /myprosper/api/admin/paybill/:id/credit': (w) => ({
    params: { id: missing },
    payload: { userId: w.advisee.id, note: 'Matrix' },
  }),
  'POST /myprosper/api/admin/paybill/:id/refund': () => ({
    params: { id: missing },
    payload: { note: 'Matrix' },
  }),
  'POST /myprosper/api/admin/payouts': () => json({ mentorId: missing, amount: 1, reference: 'MATRIX' }),
  'POST /myprosper/api/admin/reconciliation/runs': () => ({ payload: {} }),
  'POST /myprosper/api/admin/reconciliation/items/:id/recheck': () => ({
    params: { id: missing },
    payload: {},
  }),
  'POST /myprosper/api/admin/reconciliation/items/:id/resolve': () => ({
    params: { id: missing },
    payload: { note: 'Matrix note' },
  }),
  'POST /myprosper/api/admin/mpesaStatements': () => json({ fileName: 'x.csv', content: 'not,a,statement' }),
  'GET /myprosper/api/admin/mpesaStatements/:id': () => ({ params: { id: missing } }),
  'POST /myprosper/api/admin/mpesaBalance': () => json({}),
  'POST /myprosper/api/admin/payoutRuns': () => json({}),
  'POST /myprosper/api/admin/disputes/:id/decide': () => ({
    params: { id: missing },
    payload: { decision: 'RELEASE' },
  }),
  'GET /myprosper/api/sessions/:id/dispute': (w) => ({ params: { id: w.sessions.past } }),
  'POST /myprosper/api/sessions/:id/dispute': (w) => ({
    params: { id: w.sessions.past },
    payload: { reason: ' ' },
  }),
  'GET /myprosper/docs/static/*': () => ({ url: '/myprosper/docs/static/swagger-ui.css' }),
  'POST /sandbox/daraja/mpesa/stkpush/v1/processrequest': () => json({}),
  'POST /sandbox/daraja/mpesa/stkpushquery/v1/query': () => json({}),
  'POST /sandbox/daraja/mpesa/b2c/v3/paymentrequest': () => json({}),
  'POST /sandbox/daraja/mpesa/reversal/v1/request': () => json({}),
  'POST /sandbox/daraja/mpesa/transactionstatus/v1/query': () => json({}),
  'POST /sandbox/daraja/mpesa/accountbalance/v1/query': () => json({}),
  'POST /sandbox/daraja/mpesa/c2b/v1/registerurl': () => json({}),
  'POST /sandbox/daraja/mpesa/c2b/v2/registerurl': () => json({}),
  'POST /sandbox/daraja/mpesa/c2b/v1/simulate': () => json({}),
  'POST /sandbox/daraja/mpesa/c2b/v2/simulate': () => json({}),
  'POST /sandbox/daraja/pulltransactions/v1/register': () => json({}),
  'POST /sandbox/daraja/pulltransactions/v1/query': () => json({}),
  'POST /sandbox/daraja/c2b/mode': () => json({}),
  'POST /sandbox/daraja/c2b/pay': () => json({}),
  'POST /sandbox/cybersource/pay': () => form('signature=forged'),
  'POST /sandbox/cybersource/pay/complete': () => form('signature=forged'),
};

let ctx: TestContext;
let world: World;
let tables: string[];
/** Two sign-ins of the advisee (logged in before the calls, so a refused call finds the data as it was). */
let adviseeSignIns: { toEnd: string; toKeep: string };
/** A bearer header for the user as they are now (log-out and password changes revoke older tokens). */
const tokenOf = async (user: UserRow) => (await bearer(ctx.app, await fresh(ctx, user))).authorization;
/** The refresh cookie (name=value) of a new log-in of the user. */
async function refreshCookieOf(user: UserRow): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/myprosper/auth/authenticate',
    remoteAddress: randomIp(),
    payload: { username: user.email, password: factoryPassword },
  });
  const cookie = [res.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`log-in of ${user.email}: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** A new sign-in of the user, by its id as the user's own list of signed-in devices shows it. */
async function newSignInOf(user: UserRow): Promise<string> {
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/myprosper/auth/authenticate',
    remoteAddress: randomIp(),
    payload: { username: user.email, password: factoryPassword },
  });
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/myprosper/auth/signIns',
    headers: { authorization: `Bearer ${login.json().jwttoken}` },
  });
  const current = (list.json().data as Array<{ id: string; current: boolean }>).find((s) => s.current);
  if (!current) throw new Error(`no sign-in of ${user.email}: ${login.body} ${list.body}`);
  return current.id;
}

async function authorizationOf(caller: Caller): Promise<string | undefined> {
  const w = world;
  const people: Partial<Record<Caller, UserRow>> = {
    advisee: w.advisee,
    otherAdvisee: w.otherAdvisee,
    mentor: w.mentor,
    otherMentor: w.otherMentor,
    admin: w.admin,
  };
  const user = people[caller];
  if (user) return tokenOf(user);
  if (caller === 'visitor') return undefined;
  const forged = await forgedTokens(ctx.app, caller === 'expired' ? w.advisee : w.admin);
  return `Bearer ${forged[caller as 'expired' | 'otherKey' | 'algNone']}`;
}

describe('authorization matrix: every route × every kind of caller', () => {
  let routes: AppRoute[];
  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false', MPESA_SANDBOX_DELAY_MS: '0' });
    world = await buildWorld(ctx);
    adviseeSignIns = { toEnd: await newSignInOf(world.advisee), toKeep: await newSignInOf(world.advisee) };
    world.adviseeSecrets.push(adviseeSignIns.toEnd, adviseeSignIns.toKeep);
    routes = appRoutes(ctx.app);
    tables = await appTables(ctx);
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('has one row for every route of the app, and no row for a route that is gone', () => {
    const rows = Object.keys(table).sort((a, b) => a.localeCompare(b));
    // HEAD is Fastify's automatic twin of each GET: it is called with the GET row's expectations.
    expect(rows).toEqual(routes.filter((r) => r.method !== 'HEAD').map((r) => r.key));
    for (const head of routes.filter((r) => r.method === 'HEAD')) {
      expect(rows, `${head.key} has no GET twin`).toContain(head.key.replace(/^HEAD/, 'GET'));
    }
    expect(Object.keys(requests).filter((key) => !(key in table))).toEqual([]);
    for (const statuses of Object.values(table)) expect(statuses).toMatch(/^\d{3}( \d{3}){8}$/);
  });

  it.each(['expired', 'otherKey', 'algNone'] as const)('validateToken refuses a token %s', async (kind) => {
    const forged = await forgedTokens(ctx.app, kind === 'expired' ? world.advisee : world.admin);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/validateToken',
      payload: { token: forged[kind] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please login again.');
  });

  it.each(Object.entries(table))('%s: %s', async (key, statuses) => {
    const [method, path = ''] = key.split(' ') as [AppRoute['method'], string];
    const build: Build = requests[key] ?? (() => ({}));
    const got: Partial<Record<Caller, number>> = {};
    const said: string[] = [];
    const bodies: string[] = [];
    const hasHead = method === 'GET' && routes.some((r) => r.key === `HEAD ${path}`);
    // A refused call changes no row: the data is compared around each one, from a settled reading.
    let before = await settledFingerprint(ctx, tables);
    for (const caller of callOrder) {
      for (const m of hasHead ? [method, 'HEAD' as const] : [method]) {
        const request = await build(world, caller);
        const authorization = await authorizationOf(caller);
        const res = await ctx.app.inject({
          method: m,
          url: request.url ?? fillPath(path, request.params),
          query: request.query,
          // The outbox and the stand-ins answer this machine only (local-only.integration.test.ts).
          remoteAddress: isLocalOnlyRoute(path) ? '127.0.0.1' : randomIp(),
          headers: { ...(authorization ? { authorization } : {}), ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload as Record<string, unknown> }),
        });
        const status = res.statusCode;
        if (m === method) {
          got[caller] = status;
          said.push(`${caller} ${status} ${res.body.slice(0, 120)}`);
          const ownsOrServes = ['advisee', 'mentor', 'admin'].includes(caller) || path.startsWith('/dev/');
          if (!ownsOrServes) bodies.push(res.body);
        } else {
          expect(status, `HEAD ${path} as ${caller} answered unlike GET`).toBe(got[caller]);
        }
        if (status >= 400) {
          const after = await dataFingerprint(ctx, tables);
          expect(changedTables(before, after), `${m} ${path} as ${caller} (${status}) changed data`).toEqual(
            [],
          );
        } else {
          before = await settledFingerprint(ctx, tables);
        }
      }
    }
    const observed = callers.map((c) => got[c]).join(' ');
    expect(observed, `observed ${observed}:\n${said.join('\n')}\n`).toBe(statuses);
    // Nothing of the advisee's reaches a caller who is not theirs, whatever the status.
    for (const body of bodies) {
      for (const secret of world.adviseeSecrets) expect(body).not.toContain(secret);
    }
  });
});
