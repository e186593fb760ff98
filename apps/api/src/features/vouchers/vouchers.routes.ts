import { errorEnvelope } from '@myprosper/contract/common';
import { paymentMessages } from '@myprosper/contract/payments';
import {
  createVoucherRequest,
  createVoucherResponse,
  myVouchersResponse,
  redeemVoucherRequest,
  redeemVoucherResponse,
  refundVoucherRequest,
  refundVoucherResponse,
  voucherMessages,
  voucherMpesaPaymentRequest,
  voucherMpesaPaymentResponse,
  voucherReferenceParams,
  voucherResponse,
} from '@myprosper/contract/vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerAddress, perAccount } from '../../lib/rate-limits.ts';
import { done, ok } from '../../lib/reply.ts';
import type { VoucherRedemptionService } from './voucher-redemption.service.ts';
import type { VouchersService } from './vouchers.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  503: errorEnvelope,
};

/** Gift vouchers, under /myprosper/api: buying (card or M-PESA), the buyer's list, and redeeming at booking. */
export const vouchersRoutes: FastifyPluginAsyncZod<{
  vouchers: VouchersService;
  redemption: VoucherRedemptionService;
}> = async (app, { vouchers, redemption }) => {
  // Per account (whichever token) as the routes say, and per address: each push rings a phone, wrong codes
  // are guessed at.
  const pushesPerAddress = limitPerAddress(app, 'stk-push', 30);
  const codesPerAddress = limitPerAddress(app, 'voucher-code', 30);

  app.post(
    '/createVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary:
          'Buy a gift voucher (priced as an individual session); MPESA sends the PIN prompt, CARD is paid next through generateCardHttpSignature. The message is the reference number',
        security: [{ bearer: [] }],
        body: createVoucherRequest,
        response: { 200: createVoucherResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
      config: perAccount(30),
    },
    async (request) => {
      const voucher = await vouchers.create(request.user!, request.body);
      return ok(voucher, voucher.reference);
    },
  );

  app.post(
    '/makeVoucherMpesaPayment',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'Send an M-PESA PIN prompt for a voucher still awaiting payment',
        security: [{ bearer: [] }],
        body: voucherMpesaPaymentRequest,
        response: { 200: voucherMpesaPaymentResponse, ...errors },
      },
      onRequest: [app.requireUser, pushesPerAddress],
      preHandler: app.requireVerifiedPhone,
      config: perAccount(10),
    },
    async (request) =>
      ok(
        await vouchers.payByMpesa(request.user!, request.body.reference, request.body.phoneNumber),
        paymentMessages.initiated,
      ),
  );

  app.post(
    '/refundVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary:
          "Refund the caller's unused voucher to their wallet, once its mentor left or stopped giving its program",
        security: [{ bearer: [] }],
        body: refundVoucherRequest,
        response: { 200: refundVoucherResponse, ...errors },
      },
      onRequest: app.requireUser,
      config: perAccount(10),
    },
    async (request) =>
      ok(await vouchers.refund(request.user!, request.body.reference), voucherMessages.refunded),
  );

  app.get(
    '/getVoucher/:reference',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'One of the caller’s vouchers, with its state and latest payment',
        security: [{ bearer: [] }],
        params: voucherReferenceParams,
        response: { 200: voucherResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await vouchers.get(request.user!, request.params.reference)),
  );

  app.get(
    '/myVouchers',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'The vouchers the caller bought, newest first, with their states',
        security: [{ bearer: [] }],
        response: { 200: myVouchersResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await vouchers.listMine(request.user!)),
  );

  app.post(
    '/redeemVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary: "Pay the caller's share of a session with a voucher code (its mentor and program), once",
        security: [{ bearer: [] }],
        body: redeemVoucherRequest,
        response: { 200: redeemVoucherResponse, ...errors },
      },
      onRequest: [app.requireUser, codesPerAddress],
      preHandler: app.requireVerifiedPhone,
      config: perAccount(10),
    },
    async (request) => {
      await redemption.redeem(request.user!, request.body);
      return done(voucherMessages.redeemed);
    },
  );
};
