CREATE TYPE "public"."call_event_kind" AS ENUM('STARTED', 'JOINED', 'LEFT', 'ENDED', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."call_role" AS ENUM('ADVISOR', 'ADVISEE');--> statement-breakpoint
CREATE TABLE "call_attendance" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "call_role" NOT NULL,
	"first_joined_at" timestamp with time zone,
	"last_left_at" timestamp with time zone,
	"seconds_in_call" integer DEFAULT 0 NOT NULL,
	"no_show" boolean,
	CONSTRAINT "call_attendance_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "call_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"participant_id" text,
	"kind" "call_event_kind" NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_presence" (
	"participant_id" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" "call_role" NOT NULL,
	"instance_id" text NOT NULL,
	"audio_muted" boolean DEFAULT false NOT NULL,
	"video_off" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_presence_session_user_unique" UNIQUE("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "call_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone,
	"started_by" integer,
	"ended_at" timestamp with time zone,
	"roster_version" integer DEFAULT 0 NOT NULL,
	"mentor_no_show" boolean,
	"mentor_decided_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"attendance_decided_at" timestamp with time zone,
	"overridden_by" integer,
	"overridden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_attendance" ADD CONSTRAINT "call_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_attendance" ADD CONSTRAINT "call_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_presence" ADD CONSTRAINT "call_presence_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_presence" ADD CONSTRAINT "call_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_events_session_idx" ON "call_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "call_presence_seen_idx" ON "call_presence" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "call_signals_created_idx" ON "call_signals" USING btree ("created_at");