-- Issue 24, waitlists: a mentee waits for a mentor with no free hour in the next two weeks; when an hour frees,
-- the first waiting person holds it for 30 minutes, then the next (docs/decisions/025-waitlists.md).
-- An entry is on the list while WAITING or HOLDING; LEFT, BOOKED and LAPSED end it.
CREATE TABLE "waitlist_entries" (
  "id" serial PRIMARY KEY NOT NULL,
  "advisor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "advisee_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'WAITING' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  CONSTRAINT "waitlist_entries_status_check" CHECK ("status" in ('WAITING', 'HOLDING', 'LEFT', 'BOOKED', 'LAPSED')),
  CONSTRAINT "waitlist_entries_not_self_check" CHECK ("advisor_id" <> "advisee_id")
);
--> statement-breakpoint
-- Once per mentor per person while on the list.
CREATE UNIQUE INDEX "waitlist_entries_open_unique" ON "waitlist_entries" ("advisor_id", "advisee_id")
  WHERE "status" in ('WAITING', 'HOLDING');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_person_open_idx" ON "waitlist_entries" ("advisee_id")
  WHERE "status" in ('WAITING', 'HOLDING');
--> statement-breakpoint
-- A freed hour kept for one entry until expires_at. ACTIVE while kept; USED (booked), LAPSED, RELEASED end it.
CREATE TABLE "waitlist_holds" (
  "id" serial PRIMARY KEY NOT NULL,
  "entry_id" integer NOT NULL REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
  "advisor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "advisee_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'ACTIVE' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  -- When the person was told (claimed before sending, so no message goes twice).
  "notified_at" timestamp with time zone,
  CONSTRAINT "waitlist_holds_status_check" CHECK ("status" in ('ACTIVE', 'USED', 'LAPSED', 'RELEASED')),
  CONSTRAINT "waitlist_holds_range_check" CHECK ("ends_at" > "starts_at"),
  -- One hour of a mentor is kept for one person at a time (btree_gist comes from 0000_extensions).
  CONSTRAINT "waitlist_holds_no_overlap" EXCLUDE USING gist ("advisor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
    WHERE ("status" = 'ACTIVE')
);
--> statement-breakpoint
-- One hour at a time per entry.
CREATE UNIQUE INDEX "waitlist_holds_entry_active_unique" ON "waitlist_holds" ("entry_id") WHERE "status" = 'ACTIVE';
