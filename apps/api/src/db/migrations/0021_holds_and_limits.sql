-- Issue 20, part 4: the limits on M-PESA prompts and SMS are counted per number from these indexes; views and
-- searches are counted once per person or address per topic (or search text) per hour; a voucher whose mentor
-- left can be refunded to its buyer's wallet.
CREATE INDEX "payments_mpesa_phone_idx" ON "payments" USING btree ("phone_number","created_at") WHERE "payments"."provider" = 'MPESA';
--> statement-breakpoint
CREATE INDEX "session_notifications_sms_recipient_idx" ON "session_notifications" USING btree ("recipient","updated_at") WHERE "session_notifications"."channel" = 'SMS';
--> statement-breakpoint
ALTER TABLE "topic_view_events" ADD COLUMN "viewer" text;
--> statement-breakpoint
ALTER TABLE "topic_view_events" ADD COLUMN "viewed_hour" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "topic_view_events_once_an_hour" ON "topic_view_events" USING btree ("topic_id","viewer","viewed_hour");
--> statement-breakpoint
ALTER TABLE "topic_searches" ADD COLUMN "searcher" text;
--> statement-breakpoint
ALTER TABLE "topic_searches" ADD COLUMN "searched_hour" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "topic_searches_once_an_hour" ON "topic_searches" USING btree ("searcher",lower("query"),"searched_hour");
--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_state_check";
--> statement-breakpoint
ALTER TYPE "public"."voucher_status" RENAME TO "voucher_status_before_refunds";
--> statement-breakpoint
CREATE TYPE "public"."voucher_status" AS ENUM('PENDING_PAYMENT', 'ACTIVE', 'REDEEMED', 'REFUNDED');
--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "status" SET DATA TYPE "public"."voucher_status" USING "status"::text::"public"."voucher_status";
--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "status" SET DEFAULT 'PENDING_PAYMENT';
--> statement-breakpoint
DROP TYPE "public"."voucher_status_before_refunds";
--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_state_check" CHECK (("vouchers"."status" = 'PENDING_PAYMENT' AND "vouchers"."paid_at" IS NULL AND "vouchers"."redeemed_participant_id" IS NULL)
        OR ("vouchers"."status" = 'ACTIVE' AND "vouchers"."paid_at" IS NOT NULL AND "vouchers"."redeemed_participant_id" IS NULL)
        OR ("vouchers"."status" = 'REDEEMED' AND "vouchers"."paid_at" IS NOT NULL AND "vouchers"."code_hash" IS NOT NULL
            AND "vouchers"."redeemed_participant_id" IS NOT NULL)
        OR ("vouchers"."status" = 'REFUNDED' AND "vouchers"."paid_at" IS NOT NULL AND "vouchers"."refunded_at" IS NOT NULL
            AND "vouchers"."redeemed_participant_id" IS NULL));
