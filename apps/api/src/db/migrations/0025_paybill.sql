CREATE TYPE "public"."paybill_payment_status" AS ENUM('APPLIED', 'REVIEW', 'CREDITED', 'REVERSING', 'REFUNDED');--> statement-breakpoint
CREATE TYPE "public"."paybill_code_status" AS ENUM('CHECKING', 'CONFIRMED', 'REFUSED');--> statement-breakpoint
CREATE TABLE "paybill_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_references_amount_check" CHECK ("paybill_references"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "paybill_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"source" text NOT NULL,
	"transaction_type" text DEFAULT '' NOT NULL,
	"trans_time" text DEFAULT '' NOT NULL,
	"amount_text" text NOT NULL,
	"amount" integer NOT NULL,
	"short_code" text NOT NULL,
	"bill_ref_number" text DEFAULT '' NOT NULL,
	"account_reference" text DEFAULT '' NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"status" "paybill_payment_status" NOT NULL,
	"problem" text,
	"participant_id" integer,
	"payment_id" integer,
	"parked_transaction_id" integer,
	"resolved_by" integer,
	"credited_user_id" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_payments_amount_check" CHECK ("paybill_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "paybill_code_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"participant_id" integer NOT NULL,
	"payer_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" "paybill_code_status" DEFAULT 'CHECKING' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paybill_references" ADD CONSTRAINT "paybill_references_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_parked_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("parked_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_credited_user_id_users_id_fk" FOREIGN KEY ("credited_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_code_checks" ADD CONSTRAINT "paybill_code_checks_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_code_checks" ADD CONSTRAINT "paybill_code_checks_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paybill_references_participant_unique" ON "paybill_references" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paybill_payments_trans_id_unique" ON "paybill_payments" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "paybill_payments_review_idx" ON "paybill_payments" USING btree ("created_at") WHERE "paybill_payments"."status" = 'REVIEW';--> statement-breakpoint
CREATE UNIQUE INDEX "paybill_code_checks_code_unique" ON "paybill_code_checks" USING btree ("code") WHERE "paybill_code_checks"."status" <> 'REFUSED';--> statement-breakpoint
CREATE INDEX "paybill_code_checks_participant_idx" ON "paybill_code_checks" USING btree ("participant_id","created_at");
