CREATE TYPE "public"."payout_method" AS ENUM('MPESA', 'BANK', 'PAYPAL');--> statement-breakpoint
CREATE TYPE "public"."upload_kind" AS ENUM('IMAGE', 'VIDEO');--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisor_blocked_dates" (
	"advisor_id" integer NOT NULL,
	"blocked_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_blocked_dates_advisor_id_blocked_date_pk" PRIMARY KEY("advisor_id","blocked_date")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" "payout_method" NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"mpesa_phone_number" text,
	"bank_name" text,
	"branch" text,
	"account_name" text,
	"account_number" text,
	"paypal_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"advisee_id" integer NOT NULL,
	"struggling_with" text NOT NULL,
	"struggling_with_this_area" text NOT NULL,
	"how_have_you_addressed" text NOT NULL,
	"additional_information" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"kind" "upload_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_blocked_dates" ADD CONSTRAINT "advisor_blocked_dates_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessments" ADD CONSTRAINT "self_assessments_advisee_id_users_id_fk" FOREIGN KEY ("advisee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "contact_messages_time_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_user_method_unique" ON "payout_methods" USING btree ("user_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_one_preferred" ON "payout_methods" USING btree ("user_id") WHERE "payout_methods"."preferred";--> statement-breakpoint
CREATE INDEX "self_assessments_advisee_time_idx" ON "self_assessments" USING btree ("advisee_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_id","created_at");