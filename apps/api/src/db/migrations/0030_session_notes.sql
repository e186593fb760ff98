-- Issue 24, between sessions: a session's notes (the mentor's, shared with its attendees; each mentee's own,
-- private to them) and the action items its mentor gives each mentee. docs/decisions/024-session-notes-and-action-items.md.
CREATE TABLE "session_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"is_mentor" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_notes_session_author_unique" UNIQUE("session_id","author_id"),
	CONSTRAINT "session_notes_body_length_check" CHECK (char_length("session_notes"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "action_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"advisee_id" integer NOT NULL,
	"title" text NOT NULL,
	"due_on" date,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_items_title_length_check" CHECK (char_length("action_items"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_advisee_id_users_id_fk" FOREIGN KEY ("advisee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "action_items_session_idx" ON "action_items" USING btree ("session_id","advisee_id");
--> statement-breakpoint
CREATE INDEX "action_items_open_advisee_idx" ON "action_items" USING btree ("advisee_id") WHERE "action_items"."done_at" is null;
