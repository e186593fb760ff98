-- Issue 21, mentors paid to M-PESA (docs/decisions/014-mentor-payouts-to-mpesa.md): a proven payout number,
-- mentees' disputes that hold a session's earnings, payout runs and one B2C payout per run and mentor.
ALTER TABLE "payout_methods" ADD COLUMN "mpesa_verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "session_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"decided_by" integer,
	"decision_note" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "session_disputes_status_check" CHECK ("session_disputes"."status" in ('OPEN', 'RELEASED', 'REFUNDED')),
	CONSTRAINT "session_disputes_decided_check" CHECK (("session_disputes"."status" = 'OPEN') = ("session_disputes"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "session_disputes" ADD CONSTRAINT "session_disputes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session_disputes" ADD CONSTRAINT "session_disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session_disputes" ADD CONSTRAINT "session_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "session_disputes_session_unique" ON "session_disputes" USING btree ("session_id");
--> statement-breakpoint
CREATE INDEX "session_disputes_open_idx" ON "session_disputes" USING btree ("opened_at") WHERE "session_disputes"."status" = 'OPEN';
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_key" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by" integer,
	"minimum" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_runs_trigger_check" CHECK ("payout_runs"."trigger" in ('SCHEDULE', 'ADMIN'))
);
--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_key_unique" ON "payout_runs" USING btree ("run_key");
--> statement-breakpoint
CREATE TABLE "mentor_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"mentor_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"phone_number" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'IN_FLIGHT' NOT NULL,
	"receipt" text,
	"result_code" text,
	"failure_reason" text,
	"sent_transaction_id" integer NOT NULL,
	"settled_transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mentor_payouts_amount_check" CHECK ("mentor_payouts"."amount" > 0),
	CONSTRAINT "mentor_payouts_status_check" CHECK ("mentor_payouts"."status" in ('IN_FLIGHT', 'PAID', 'FAILED')),
	CONSTRAINT "mentor_payouts_settled_check" CHECK (("mentor_payouts"."status" = 'IN_FLIGHT') = ("mentor_payouts"."completed_at" IS NULL)
        AND ("mentor_payouts"."status" <> 'PAID' OR "mentor_payouts"."receipt" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "mentor_payouts" ADD CONSTRAINT "mentor_payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mentor_payouts" ADD CONSTRAINT "mentor_payouts_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mentor_payouts" ADD CONSTRAINT "mentor_payouts_sent_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("sent_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mentor_payouts" ADD CONSTRAINT "mentor_payouts_settled_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settled_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_payouts_run_mentor_unique" ON "mentor_payouts" USING btree ("run_id","mentor_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_payouts_reference_unique" ON "mentor_payouts" USING btree ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_payouts_one_in_flight" ON "mentor_payouts" USING btree ("mentor_id") WHERE "mentor_payouts"."status" = 'IN_FLIGHT';
--> statement-breakpoint
CREATE INDEX "mentor_payouts_mentor_idx" ON "mentor_payouts" USING btree ("mentor_id","created_at");
