-- Issue 20, reschedule and availability rules. A mentor's (or group host's) move into, or out of, the
-- full-refund window is a proposal each paid mentee accepts or declines; the proposed hour is held meanwhile.
ALTER TABLE "sessions" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Set when the mentor moves the session: its start before the mentor's first move. Until then the mentees'
-- cancellations are refunded in full.
ALTER TABLE "sessions" ADD COLUMN "full_refund_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_reschedule_count_check" CHECK ("reschedule_count" >= 0);
--> statement-breakpoint
CREATE TYPE "public"."reschedule_proposal_status" AS ENUM('PENDING', 'ACCEPTED', 'DECLINED', 'LAPSED');
--> statement-breakpoint
CREATE TYPE "public"."reschedule_answer" AS ENUM('AWAITED', 'ACCEPTED', 'DECLINED');
--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'RESCHEDULE_PROPOSAL';
--> statement-breakpoint
CREATE TABLE "reschedule_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL REFERENCES "sessions"("id") ON DELETE cascade,
	"advisor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"proposed_by" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"by_mentor" boolean NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" "reschedule_proposal_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reschedule_proposals_range_check" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reschedule_proposals_one_pending" ON "reschedule_proposals" ("session_id") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "reschedule_proposals_advisor_pending_idx" ON "reschedule_proposals" ("advisor_id", "starts_at") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE TABLE "reschedule_answers" (
	"proposal_id" integer NOT NULL REFERENCES "reschedule_proposals"("id") ON DELETE cascade,
	"participant_id" integer NOT NULL REFERENCES "session_participants"("id") ON DELETE cascade,
	"answer" "reschedule_answer" DEFAULT 'AWAITED' NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "reschedule_answers_pkey" PRIMARY KEY ("proposal_id", "participant_id")
);
--> statement-breakpoint
-- A pending proposal of a session that still holds its own hour holds the proposed hour for its mentor: no other session of theirs may take it, and it may not
-- take an hour another session holds. Both sides take the mentor's advisory lock first, so two transactions
-- cannot each miss the other; the refusal reads as the mentor's overlap constraint (the slot is taken).
CREATE FUNCTION "sessions_refuse_proposed_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(20019, NEW.advisor_id);
  IF EXISTS (
    SELECT 1 FROM reschedule_proposals p
    JOIN sessions o ON o.id = p.session_id AND o.status IN ('PENDING_PAYMENT', 'CONFIRMED')
    WHERE p.advisor_id = NEW.advisor_id AND p.status = 'PENDING' AND p.expires_at > now()
      AND p.session_id <> NEW.id
      AND tstzrange(p.starts_at, p.ends_at) && tstzrange(NEW.starts_at, NEW.ends_at)
  ) THEN
    RAISE EXCEPTION 'the hour is held by a proposed move of another session'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'sessions_advisor_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_proposed_hours_insert" BEFORE INSERT ON "sessions"
  FOR EACH ROW WHEN (NEW.status IN ('PENDING_PAYMENT', 'CONFIRMED'))
  EXECUTE FUNCTION "sessions_refuse_proposed_hours"();
--> statement-breakpoint
CREATE TRIGGER "sessions_proposed_hours_update" BEFORE UPDATE OF "starts_at", "ends_at", "status" ON "sessions"
  FOR EACH ROW WHEN (NEW.status IN ('PENDING_PAYMENT', 'CONFIRMED')
    AND (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
         OR OLD.status IS DISTINCT FROM NEW.status))
  EXECUTE FUNCTION "sessions_refuse_proposed_hours"();
--> statement-breakpoint
CREATE FUNCTION "reschedule_proposals_refuse_taken_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(20019, NEW.advisor_id);
  IF EXISTS (
    SELECT 1 FROM sessions s
    WHERE s.advisor_id = NEW.advisor_id AND s.id <> NEW.session_id
      AND (s.status = 'CONFIRMED' OR (s.status = 'PENDING_PAYMENT' AND s.hold_expires_at > now()))
      AND tstzrange(s.starts_at, s.ends_at) && tstzrange(NEW.starts_at, NEW.ends_at)
  ) OR EXISTS (
    SELECT 1 FROM reschedule_proposals p
    JOIN sessions o ON o.id = p.session_id AND o.status IN ('PENDING_PAYMENT', 'CONFIRMED')
    WHERE p.advisor_id = NEW.advisor_id AND p.status = 'PENDING' AND p.expires_at > now()
      AND p.id <> NEW.id
      AND tstzrange(p.starts_at, p.ends_at) && tstzrange(NEW.starts_at, NEW.ends_at)
  ) THEN
    RAISE EXCEPTION 'the proposed hour is taken'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'sessions_advisor_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reschedule_proposals_taken_hours" BEFORE INSERT ON "reschedule_proposals"
  FOR EACH ROW EXECUTE FUNCTION "reschedule_proposals_refuse_taken_hours"();
