-- Issue 21: requests to Daraja's asynchronous Result family (B2C, Reversal, Transaction Status, Account Balance),
-- each written before its HTTP call, unique by its business reference and its originator id, and settled once.
CREATE TYPE "public"."mpesa_request_kind" AS ENUM('B2C', 'REVERSAL', 'STATUS', 'BALANCE');
--> statement-breakpoint
CREATE TYPE "public"."mpesa_request_state" AS ENUM('REQUESTED', 'ACCEPTED', 'UNKNOWN', 'SUCCEEDED', 'FAILED');
--> statement-breakpoint
CREATE TABLE "mpesa_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "mpesa_request_kind" NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"originator_conversation_id" text,
	"conversation_id" text,
	"callback_token" text NOT NULL,
	"phone" text,
	"amount" integer,
	"original_receipt" text,
	"subject_id" integer,
	"remarks" text NOT NULL,
	"state" "mpesa_request_state" DEFAULT 'REQUESTED' NOT NULL,
	"result_code" text,
	"result_desc" text,
	"receipt" text,
	"result_parameters" jsonb,
	"failure_reason" text,
	"status_checks" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "mpesa_requests_originator_unique" UNIQUE("originator_conversation_id"),
	CONSTRAINT "mpesa_requests_token_unique" UNIQUE("callback_token"),
	CONSTRAINT "mpesa_requests_amount_check" CHECK ("mpesa_requests"."amount" IS NULL OR "mpesa_requests"."amount" > 0),
	CONSTRAINT "mpesa_requests_money_check" CHECK ("mpesa_requests"."kind" NOT IN ('B2C', 'REVERSAL') OR "mpesa_requests"."amount" IS NOT NULL),
	CONSTRAINT "mpesa_requests_b2c_phone_check" CHECK ("mpesa_requests"."kind" <> 'B2C' OR "mpesa_requests"."phone" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_subject_id_mpesa_requests_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."mpesa_requests"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_requests_receipt_unique" ON "mpesa_requests" USING btree ("kind","receipt") WHERE "mpesa_requests"."receipt" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "mpesa_requests_open_idx" ON "mpesa_requests" USING btree ("created_at") WHERE "mpesa_requests"."state" IN ('REQUESTED', 'ACCEPTED', 'UNKNOWN');
--> statement-breakpoint
CREATE INDEX "mpesa_requests_subject_idx" ON "mpesa_requests" USING btree ("subject_id") WHERE "mpesa_requests"."subject_id" IS NOT NULL;
--> statement-breakpoint
-- A request only moves forward, and a final one (SUCCEEDED, FAILED) never changes its outcome or receipt.
CREATE FUNCTION "mpesa_requests_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state IN ('SUCCEEDED', 'FAILED') AND (
    NEW.state IS DISTINCT FROM OLD.state OR NEW.receipt IS DISTINCT FROM OLD.receipt
    OR NEW.result_code IS DISTINCT FROM OLD.result_code OR NEW.amount IS DISTINCT FROM OLD.amount
  ) THEN
    RAISE EXCEPTION 'M-PESA request % is % and cannot change', OLD.id, OLD.state
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.state = 'REQUESTED' AND OLD.state <> 'REQUESTED' THEN
    RAISE EXCEPTION 'M-PESA request % cannot go back to REQUESTED', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.reference IS DISTINCT FROM OLD.reference OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.phone IS DISTINCT FROM OLD.phone OR NEW.amount IS DISTINCT FROM OLD.amount THEN
    RAISE EXCEPTION 'M-PESA request % keeps its reference, kind, phone and amount', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "mpesa_requests_forward_only" BEFORE UPDATE ON "mpesa_requests"
  FOR EACH ROW EXECUTE FUNCTION "mpesa_requests_forward_only"();
