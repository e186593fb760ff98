-- Issue 21, refunds back to M-PESA: each refund of an M-PESA-paid share and each wallet withdrawal sent to a
-- verified M-PESA number (its money in flight in the ledger until Daraja's result), and the destination each
-- mentee chose last.
CREATE TYPE "public"."mpesa_refund_kind" AS ENUM('REFUND', 'WITHDRAWAL');
--> statement-breakpoint
CREATE TYPE "public"."mpesa_refund_method" AS ENUM('REVERSAL', 'B2C');
--> statement-breakpoint
CREATE TYPE "public"."mpesa_refund_status" AS ENUM('PENDING', 'PAID', 'FAILED');
--> statement-breakpoint
CREATE TYPE "public"."refund_destination" AS ENUM('WALLET', 'MPESA');
--> statement-breakpoint
CREATE TABLE "mpesa_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "mpesa_refund_kind" NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer,
	"participant_id" integer,
	"payment_id" integer,
	"reference" text NOT NULL,
	"phone_number" text NOT NULL,
	"method" "mpesa_refund_method" NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"status" "mpesa_refund_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"receipt" text,
	"failure_reason" text,
	"requested_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_refunds_amount_check" CHECK ("mpesa_refunds"."amount" > 0 AND "mpesa_refunds"."fee" >= 0 AND "mpesa_refunds"."fee" < "mpesa_refunds"."amount"),
	CONSTRAINT "mpesa_refunds_state_check" CHECK (("mpesa_refunds"."status" = 'PENDING' AND "mpesa_refunds"."settled_at" IS NULL)
        OR ("mpesa_refunds"."status" = 'PAID' AND "mpesa_refunds"."settled_at" IS NOT NULL)
        OR ("mpesa_refunds"."status" = 'FAILED' AND "mpesa_refunds"."settled_at" IS NOT NULL AND "mpesa_refunds"."failure_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "refund_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"destination" "refund_destination" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mpesa_refunds" ADD CONSTRAINT "mpesa_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mpesa_refunds" ADD CONSTRAINT "mpesa_refunds_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mpesa_refunds" ADD CONSTRAINT "mpesa_refunds_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mpesa_refunds" ADD CONSTRAINT "mpesa_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refund_preferences" ADD CONSTRAINT "refund_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_refunds_reference_unique" ON "mpesa_refunds" USING btree ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_refunds_receipt_unique" ON "mpesa_refunds" USING btree ("receipt");
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_refunds_payment_unique" ON "mpesa_refunds" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "mpesa_refunds_user_idx" ON "mpesa_refunds" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "mpesa_refunds_pending_idx" ON "mpesa_refunds" USING btree ("created_at") WHERE "mpesa_refunds"."status" = 'PENDING';
