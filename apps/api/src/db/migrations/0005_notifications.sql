CREATE TYPE "public"."notification_kind" AS ENUM('INVITATION', 'CONFIRMATION', 'RESCHEDULE', 'REMINDER_24H', 'REMINDER_1H');--> statement-breakpoint
CREATE TYPE "public"."notification_status" AS ENUM('SENDING', 'SENT', 'FAILED', 'SKIPPED');--> statement-breakpoint
CREATE TABLE "session_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"person" text NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text,
	"status" "notification_status" NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_notifications_once" UNIQUE("session_id","kind","sequence","person","channel")
);
--> statement-breakpoint
ALTER TABLE "session_notifications" ADD CONSTRAINT "session_notifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;