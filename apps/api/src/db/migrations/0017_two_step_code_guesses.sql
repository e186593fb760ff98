ALTER TABLE "two_step_secrets" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "two_step_secrets" ADD COLUMN "failed_codes_since" timestamp with time zone;