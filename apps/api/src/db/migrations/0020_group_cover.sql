CREATE TABLE "group_covers" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_by" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"transaction_id" integer,
	CONSTRAINT "group_covers_amount_check" CHECK ("group_covers"."amount" >= 0),
	CONSTRAINT "group_covers_due_check" CHECK ("group_covers"."amount" = 0 OR "group_covers"."due_by" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "group_covers" ADD CONSTRAINT "group_covers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_covers" ADD CONSTRAINT "group_covers_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_covers_due_idx" ON "group_covers" USING btree ("due_by") WHERE "group_covers"."amount" > 0 AND "group_covers"."paid_at" IS NULL;
