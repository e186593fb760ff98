CREATE TYPE "public"."advisor_application_status" AS ENUM('PENDING_REVIEW', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "advisor_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"status" "advisor_application_status" DEFAULT 'PENDING_REVIEW' NOT NULL,
	"answers" jsonb,
	"terms_version" text,
	"terms_accepted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" text
);
--> statement-breakpoint
ALTER TABLE "advisor_applications" ADD CONSTRAINT "advisor_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_applications" ADD CONSTRAINT "advisor_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_applications_applicant_idx" ON "advisor_applications" USING btree ("applicant_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_applications_one_pending" ON "advisor_applications" USING btree ("applicant_id") WHERE "advisor_applications"."status" = 'PENDING_REVIEW';--> statement-breakpoint
-- Applications made before this table: one row each for mentors waiting for review or rejected (their answers
-- and terms were not recorded then).
INSERT INTO "advisor_applications" ("applicant_id", "status", "submitted_at", "reviewed_at", "rejection_reason")
SELECT "users"."id", "users"."status"::text::"advisor_application_status", "users"."created_at",
       "advisor_profiles"."reviewed_at", "advisor_profiles"."rejection_reason"
FROM "users" JOIN "advisor_profiles" ON "advisor_profiles"."user_id" = "users"."id"
WHERE "users"."role" = 'ADVISOR' AND "users"."status" IN ('PENDING_REVIEW', 'REJECTED');
