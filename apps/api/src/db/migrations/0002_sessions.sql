CREATE TYPE "public"."invitation_status" AS ENUM('ACCEPTED', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."payment_mode" AS ENUM('CARD', 'MPESA', 'VOUCHER', 'WALLET');--> statement-breakpoint
CREATE TYPE "public"."session_call_status" AS ENUM('NOT_STARTED', 'STARTED', 'ENDED');--> statement-breakpoint
CREATE TYPE "public"."session_payment_status" AS ENUM('UNPAID', 'PAID');--> statement-breakpoint
CREATE TYPE "public"."session_status" AS ENUM('PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."session_type" AS ENUM('INDIVIDUAL', 'GROUP');--> statement-breakpoint
CREATE TABLE "session_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"advisee_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_feedback_session_advisee_unique" UNIQUE("session_id","advisee_id"),
	CONSTRAINT "session_feedback_rating_check" CHECK ("session_feedback"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "session_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"advisee_id" integer,
	"phone_number" text,
	"email" text,
	"amount" integer NOT NULL,
	"invitation_status" "invitation_status" NOT NULL,
	"payment_status" "session_payment_status" DEFAULT 'UNPAID' NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"holds_slot" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_participants_session_advisee_unique" UNIQUE("session_id","advisee_id"),
	CONSTRAINT "session_participants_session_phone_unique" UNIQUE("session_id","phone_number"),
	CONSTRAINT "session_participants_range_check" CHECK ("session_participants"."ends_at" > "session_participants"."starts_at"),
	CONSTRAINT "session_participants_amount_check" CHECK ("session_participants"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"advisor_id" integer NOT NULL,
	"advisee_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"session_type" "session_type" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "session_status" NOT NULL,
	"payment_status" "session_payment_status" DEFAULT 'UNPAID' NOT NULL,
	"payment_mode" "payment_mode" NOT NULL,
	"amount" integer NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"call_status" "session_call_status" DEFAULT 'NOT_STARTED' NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sessions_range_check" CHECK ("sessions"."ends_at" > "sessions"."starts_at"),
	CONSTRAINT "sessions_amount_check" CHECK ("sessions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_advisee_id_users_id_fk" FOREIGN KEY ("advisee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_advisee_id_users_id_fk" FOREIGN KEY ("advisee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_advisee_id_users_id_fk" FOREIGN KEY ("advisee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_participants_advisee_starts_idx" ON "session_participants" USING btree ("advisee_id","starts_at");--> statement-breakpoint
CREATE INDEX "session_participants_phone_idx" ON "session_participants" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "sessions_advisor_starts_idx" ON "sessions" USING btree ("advisor_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_advisee_starts_idx" ON "sessions" USING btree ("advisee_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_hold_expiry_idx" ON "sessions" USING btree ("hold_expires_at") WHERE "sessions"."status" = 'PENDING_PAYMENT';