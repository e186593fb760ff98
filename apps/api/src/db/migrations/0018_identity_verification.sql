CREATE TYPE "public"."phone_code_purpose" AS ENUM('ACCOUNT', 'CHANGE', 'APPLICATION');--> statement-breakpoint
CREATE TYPE "public"."two_step_recovery_status" AS ENUM('PENDING', 'APPROVED', 'REFUSED');--> statement-breakpoint
ALTER TYPE "public"."invitation_status" ADD VALUE 'DECLINED';--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"purpose" "phone_code_purpose" NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"requested_from" text NOT NULL,
	"sent" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_step_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" "two_step_recovery_status" DEFAULT 'PENDING' NOT NULL,
	"reason" text NOT NULL,
	"requested_from" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_phone_unique";--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "uploaded_from" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "uploaded_for_email" text;--> statement-breakpoint
ALTER TABLE "session_participants" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_participants" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_recoveries" ADD CONSTRAINT "two_step_recoveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_recoveries" ADD CONSTRAINT "two_step_recoveries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_address_idx" ON "phone_codes" USING btree ("requested_from","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "two_step_recoveries_status_idx" ON "two_step_recoveries" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_step_recoveries_one_pending" ON "two_step_recoveries" USING btree ("user_id") WHERE "two_step_recoveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "uploaded_files_from_idx" ON "uploaded_files" USING btree ("uploaded_from","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_email_idx" ON "uploaded_files" USING btree ("uploaded_for_email","created_at");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone_number") WHERE "users"."phone_verified_at" is not null;--> statement-breakpoint
-- Invitations by consent: an invitation not yet accepted is attached to no account (it used to be attached at booking to whoever had typed that number).
UPDATE "session_participants" SET "advisee_id" = NULL, "email" = NULL WHERE "invitation_status" = 'PENDING' AND NOT "is_host";
