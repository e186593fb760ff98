-- Issue 21, reconciliation and statements: runs of the M-PESA reconciliation, what they could not match (for
-- admins, resolved with a note), and imported M-PESA organisation portal statements with each line's match.
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mpesa_statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"imported_by" integer,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"line_count" integer NOT NULL,
	"matched" integer NOT NULL,
	"flagged" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mpesa_statement_imports" ADD CONSTRAINT "mpesa_statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_statement_imports_sha256_unique" ON "mpesa_statement_imports" USING btree ("sha256");
--> statement-breakpoint
CREATE TABLE "mpesa_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"receipt" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"details" text NOT NULL,
	"transaction_status" text NOT NULL,
	"paid_in_cents" integer NOT NULL,
	"withdrawn_cents" integer NOT NULL,
	"reason_type" text NOT NULL,
	"other_party" text NOT NULL,
	"account_no" text NOT NULL,
	"match" text NOT NULL,
	"payment_id" integer,
	"ledger_transaction_id" integer,
	"our_amount" integer,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "mpesa_statement_lines" ADD CONSTRAINT "mpesa_statement_lines_import_id_mpesa_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."mpesa_statement_imports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mpesa_statement_lines" ADD CONSTRAINT "mpesa_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mpesa_statement_lines" ADD CONSTRAINT "mpesa_statement_lines_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mpesa_statement_lines_import_idx" ON "mpesa_statement_lines" USING btree ("import_id","line_no");
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"problem" text NOT NULL,
	"detail" text NOT NULL,
	"receipt" text,
	"amount" integer,
	"payment_id" integer,
	"run_id" integer,
	"statement_line_id" integer,
	"import_id" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_statement_line_id_mpesa_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."mpesa_statement_lines"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_import_id_mpesa_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."mpesa_statement_imports"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_open_subject_unique" ON "reconciliation_items" USING btree ("subject") WHERE "reconciliation_items"."status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "reconciliation_items_status_idx" ON "reconciliation_items" USING btree ("status","created_at");
