/**
 * The vouchers feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Gift vouchers: bought by M-PESA or card (through payments), redeemed for a session.
 * app.ts registers the plugin and passes paymentVouchers to payments (vouchers build on payments, never the
 * other way).
 */
export { paymentVouchers } from './payment-vouchers.ts';
export { VoucherAdministration, type VoucherAudit } from './voucher-administration.ts';
export { createVoucherPurchases, type VoucherPurchases } from './voucher-purchases.ts';
export { vouchersPlugin } from './vouchers.plugin.ts';
