CREATE TYPE "public"."price_type" AS ENUM('INDIVIDUAL', 'GROUP');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('ADVISEE', 'ADVISOR');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('EMAIL', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('ADVISEE', 'ADVISOR', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ACTIVE', 'PENDING_REVIEW', 'REJECTED', 'SUSPENDED');--> statement-breakpoint
CREATE TABLE "advisor_availability" (
	"advisor_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_hour" smallint NOT NULL,
	CONSTRAINT "advisor_availability_advisor_id_day_of_week_start_hour_pk" PRIMARY KEY("advisor_id","day_of_week","start_hour")
);
--> statement-breakpoint
CREATE TABLE "advisor_languages" (
	"advisor_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	CONSTRAINT "advisor_languages_advisor_id_language_id_pk" PRIMARY KEY("advisor_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "advisor_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"favourite_quote" text NOT NULL,
	"biography" text NOT NULL,
	"video_url" text,
	"yrs_of_professional_work_experience" text,
	"size_of_organization" text,
	"level_of_advisee" text,
	"rating_for_working_with_new_advisees" text,
	"ranking" integer DEFAULT 0 NOT NULL,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text
);
--> statement-breakpoint
CREATE TABLE "advisor_topics" (
	"advisor_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "advisor_topics_advisor_id_topic_id_pk" PRIMARY KEY("advisor_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" "user_type" NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "industries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "languages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "lead_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_type" "price_type" NOT NULL,
	"base_session_price" integer NOT NULL,
	"vat_tax" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_settings_price_type_unique" UNIQUE("price_type")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"testimonial" text NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"hits" integer NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_view_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"topic_name" text NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img_url" text NOT NULL,
	"tag_line" text NOT NULL,
	"video_url" text NOT NULL,
	"is_live" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"transport" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"password_hash" text NOT NULL,
	"role" "user_role" NOT NULL,
	"status" "user_status" DEFAULT 'ACTIVE' NOT NULL,
	"gender" text,
	"dob" date,
	"industry_id" integer,
	"occupation" text,
	"linkedin_url" text,
	"country" text,
	"profile_pic_url" text,
	"source" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD CONSTRAINT "advisor_availability_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_languages" ADD CONSTRAINT "advisor_languages_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_languages" ADD CONSTRAINT "advisor_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_profiles" ADD CONSTRAINT "advisor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_topics" ADD CONSTRAINT "advisor_topics_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_topics" ADD CONSTRAINT "advisor_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_tips" ADD CONSTRAINT "topic_tips_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_view_events" ADD CONSTRAINT "topic_view_events_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_view_events" ADD CONSTRAINT "topic_view_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_availability_day_hour_idx" ON "advisor_availability" USING btree ("day_of_week","start_hour");--> statement-breakpoint
CREATE INDEX "advisor_languages_lang_idx" ON "advisor_languages" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "advisor_profiles_ranking_idx" ON "advisor_profiles" USING btree ("ranking");--> statement-breakpoint
CREATE INDEX "advisor_topics_topic_idx" ON "advisor_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "faqs_type_idx" ON "faqs" USING btree ("user_type","is_active","position");--> statement-breakpoint
CREATE INDEX "topic_tips_topic_idx" ON "topic_tips" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "topic_view_events_topic_time_idx" ON "topic_view_events" USING btree ("topic_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_unique" ON "topics" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "topics_name_trgm_idx" ON "topics" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_live_position_idx" ON "topics" USING btree ("is_live","position");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","status");