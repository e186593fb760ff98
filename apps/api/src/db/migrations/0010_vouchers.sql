CREATE TYPE "public"."voucher_payment_mode" AS ENUM('CARD', 'MPESA');--> statement-breakpoint
CREATE TYPE "public"."voucher_status" AS ENUM('PENDING_PAYMENT', 'ACTIVE', 'REDEEMED');--> statement-breakpoint
CREATE TABLE "voucher_payments" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_note" text NOT NULL,
	"topic_id" integer NOT NULL,
	"advisor_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"payment_mode" "voucher_payment_mode" NOT NULL,
	"status" "voucher_status" DEFAULT 'PENDING_PAYMENT' NOT NULL,
	"code_hash" text,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivery_claimed_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_session_id" integer,
	"redeemed_participant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "vouchers_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "vouchers_amount_check" CHECK ("vouchers"."amount" > 0),
	CONSTRAINT "vouchers_state_check" CHECK (("vouchers"."status" = 'PENDING_PAYMENT' AND "vouchers"."paid_at" IS NULL AND "vouchers"."redeemed_participant_id" IS NULL)
        OR ("vouchers"."status" = 'ACTIVE' AND "vouchers"."paid_at" IS NOT NULL AND "vouchers"."redeemed_participant_id" IS NULL)
        OR ("vouchers"."status" = 'REDEEMED' AND "vouchers"."paid_at" IS NOT NULL AND "vouchers"."code_hash" IS NOT NULL
            AND "vouchers"."redeemed_participant_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "voucher_payments" ADD CONSTRAINT "voucher_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_payments" ADD CONSTRAINT "voucher_payments_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_session_id_sessions_id_fk" FOREIGN KEY ("redeemed_session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_participant_id_session_participants_id_fk" FOREIGN KEY ("redeemed_participant_id") REFERENCES "public"."session_participants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_payments_voucher_idx" ON "voucher_payments" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "vouchers_buyer_idx" ON "vouchers" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_participant_idx" ON "vouchers" USING btree ("redeemed_participant_id");--> statement-breakpoint
CREATE INDEX "vouchers_undelivered_idx" ON "vouchers" USING btree ("paid_at") WHERE "vouchers"."delivered_at" IS NULL;