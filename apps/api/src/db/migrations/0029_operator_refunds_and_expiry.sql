-- Issue 25, the admin who finds and fixes (docs/decisions/021-operator-refunds-and-expiry.md):
-- - payments the provider never answered are EXPIRED with a reason (expired_at); a late success still applies;
-- - an operator's refunds of a payment (payment_refunds), bounded by payments.refunded, which every refund of the
--   payment raises (an operator's, or any sending back to M-PESA) and a CHECK keeps within the payment's amount;
-- - a payment may go back to M-PESA in parts, so mpesa_refunds no longer allows one row per payment only;
-- - a gift voucher an operator raised to today's price keeps what MyProsper added (vouchers.topped_up).
CREATE TYPE "public"."operator_refund_source" AS ENUM('SESSION', 'PLATFORM', 'WALLET');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'EXPIRED';--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"amount" integer NOT NULL,
	"destination" "refund_destination" NOT NULL,
	"source" "operator_refund_source" NOT NULL,
	"session_id" integer,
	"participant_id" integer,
	"reason" text NOT NULL,
	"actor_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"mpesa_refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_reason_check" CHECK (char_length("payment_refunds"."reason") between 3 and 500),
	CONSTRAINT "payment_refunds_session_check" CHECK ("payment_refunds"."source" <> 'SESSION' OR ("payment_refunds"."session_id" IS NOT NULL AND "payment_refunds"."participant_id" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "mpesa_refunds_payment_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "topped_up" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_mpesa_refund_id_mpesa_refunds_id_fk" FOREIGN KEY ("mpesa_refund_id") REFERENCES "public"."mpesa_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_unique" ON "payment_refunds" USING btree ("payment_id","request_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_participant_idx" ON "payment_refunds" USING btree ("participant_id") WHERE "payment_refunds"."source" = 'SESSION';--> statement-breakpoint
CREATE INDEX "mpesa_refunds_payment_idx" ON "mpesa_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded" >= 0 AND "payments"."refunded" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_topped_up_check" CHECK ("vouchers"."topped_up" >= 0 AND "vouchers"."topped_up" < "vouchers"."amount");--> statement-breakpoint
-- What went back to M-PESA before this migration counts as refunded.
UPDATE "payments" SET "refunded" = r."total"
FROM (SELECT "payment_id", sum("amount")::int AS "total" FROM "mpesa_refunds" WHERE "payment_id" IS NOT NULL GROUP BY "payment_id") r
WHERE "payments"."id" = r."payment_id";
--> statement-breakpoint
-- A payment only moves forward: PENDING to SUCCEEDED, FAILED or EXPIRED; and EXPIRED to SUCCEEDED when the
-- provider's success comes late (the money arrived: it is applied, never lost). Nothing else, ever.
CREATE OR REPLACE FUNCTION "payments_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'PENDING' AND NEW.status IS DISTINCT FROM OLD.status
     AND NOT (OLD.status::text = 'EXPIRED' AND NEW.status::text = 'SUCCEEDED') THEN
    RAISE EXCEPTION 'payment % is % and cannot become %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.provider_reference IS NOT NULL AND NEW.provider_reference IS DISTINCT FROM OLD.provider_reference THEN
    RAISE EXCEPTION 'payment % already has its receipt', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
