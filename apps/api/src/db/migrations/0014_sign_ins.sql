CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_version" integer NOT NULL,
	"device" text,
	"signed_in_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Refresh token families of before this table become sign-ins (their device was not recorded then); a family
-- revoked for a reused token is over, and its tokens are forgotten.
DELETE FROM "refresh_tokens" WHERE "family_id" IN (SELECT "family_id" FROM "refresh_tokens" WHERE "revoked_at" IS NOT NULL);--> statement-breakpoint
INSERT INTO "sign_ins" ("id", "user_id", "token_version", "signed_in_at", "last_used_at", "expires_at")
SELECT "family_id", min("user_id"), min("token_version"), min("issued_at"), max("issued_at"), max("family_expires_at")
FROM "refresh_tokens" GROUP BY "family_id";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "refresh_tokens_user_idx";--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sign_ins_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sign_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "token_version";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "family_expires_at";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";