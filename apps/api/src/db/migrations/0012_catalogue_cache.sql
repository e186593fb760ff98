-- Performance at scale (issue 8): mentors' ratings kept as running totals, a version of the public catalogue
-- for the API's response cache, and realistic planner costs for the trigram search operators.

-- 1. Ratings. advisor_ratings was an aggregate over every rating of every session, computed whole on each
-- read that joined it (the mentor list: ~0.4 s at 200,000 sessions). The totals are now kept per mentor by
-- triggers, in the rating's own transaction, and the view reads them (same columns, same values).
CREATE TABLE "advisor_rating_totals" (
	"advisor_id" integer PRIMARY KEY NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating_count" integer NOT NULL,
	CONSTRAINT "advisor_rating_totals_check" CHECK ("rating_sum" >= 0 AND "rating_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "advisor_rating_totals" ADD CONSTRAINT "advisor_rating_totals_advisor_id_users_id_fk"
  FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "advisor_rating_totals" ("advisor_id", "rating_sum", "rating_count")
  SELECT s."advisor_id", sum(f."rating"), count(*)
  FROM "session_feedback" f JOIN "sessions" s ON s."id" = f."session_id"
  GROUP BY s."advisor_id";
--> statement-breakpoint
-- A rating added, changed or removed moves its mentor's totals (deltas, so concurrent ratings add up).
CREATE FUNCTION "advisor_rating_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "advisor_rating_totals" t
    SET "rating_sum" = t."rating_sum" - OLD."rating", "rating_count" = t."rating_count" - 1
    FROM "sessions" s
    WHERE s."id" = OLD."session_id" AND t."advisor_id" = s."advisor_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "advisor_rating_totals" AS t ("advisor_id", "rating_sum", "rating_count")
      SELECT s."advisor_id", NEW."rating", 1 FROM "sessions" s WHERE s."id" = NEW."session_id"
    ON CONFLICT ("advisor_id") DO UPDATE
      SET "rating_sum" = t."rating_sum" + EXCLUDED."rating_sum", "rating_count" = t."rating_count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_feedback_rating_totals"
  AFTER INSERT OR DELETE OR UPDATE OF "rating", "session_id" ON "session_feedback"
  FOR EACH ROW EXECUTE FUNCTION "advisor_rating_totals_apply"();
--> statement-breakpoint
-- A session removed (its ratings go with it) or given to another mentor: those mentors are counted again.
CREATE FUNCTION "advisor_rating_totals_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mentor integer;
BEGIN
  FOREACH mentor IN ARRAY ARRAY[OLD."advisor_id", CASE WHEN TG_OP = 'UPDATE' THEN NEW."advisor_id" END] LOOP
    CONTINUE WHEN mentor IS NULL;
    INSERT INTO "advisor_rating_totals" AS t ("advisor_id", "rating_sum", "rating_count")
      SELECT mentor, coalesce(sum(f."rating"), 0), count(f."id")
      FROM "sessions" s JOIN "session_feedback" f ON f."session_id" = s."id"
      WHERE s."advisor_id" = mentor
    ON CONFLICT ("advisor_id") DO UPDATE
      SET "rating_sum" = EXCLUDED."rating_sum", "rating_count" = EXCLUDED."rating_count";
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_rating_totals"
  AFTER DELETE OR UPDATE OF "advisor_id" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "advisor_rating_totals_recount"();
--> statement-breakpoint
CREATE OR REPLACE VIEW "advisor_ratings" AS
  SELECT "advisor_id",
         round("rating_sum"::numeric / "rating_count", 1)::double precision AS "average_rating",
         "rating_count"
  FROM "advisor_rating_totals"
  WHERE "rating_count" > 0;
--> statement-breakpoint

-- 2. The catalogue's version (features/catalogue/response-cache.ts). Every transaction that changes what the
-- public catalogue shows bumps it once, at commit (deferred triggers, so the row is locked last and only
-- for the instant of the commit). API instances serve a cached answer only while the version is unchanged:
-- an admin's edit, a mentor's profile change or a new rating is seen by the next read on every instance.
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_in" bigint,
	CONSTRAINT "catalogue_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_in" = txid_current()
  WHERE "id" = 1 AND "changed_in" IS DISTINCT FROM txid_current();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['topics', 'topic_tips', 'faqs', 'testimonials', 'pricing_settings', 'industries',
                              'languages', 'lead_sources', 'advisor_profiles', 'advisor_topics',
                              'advisor_languages', 'advisor_availability', 'advisor_rating_totals'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"()',
                   name || '_catalogue_changed', name);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Users: only mentors, and only what the catalogue shows of them (not log-ins, passwords or tokens).
CREATE CONSTRAINT TRIGGER "users_catalogue_added" AFTER INSERT ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."role" = 'ADVISOR')
  EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_catalogue_removed" AFTER DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."role" = 'ADVISOR')
  EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_catalogue_changed" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."role" = 'ADVISOR' OR NEW."role" = 'ADVISOR')
        AND (OLD."name", OLD."profile_pic_url", OLD."occupation", OLD."industry_id", OLD."linkedin_url",
             OLD."country", OLD."role", OLD."status")
            IS DISTINCT FROM
            (NEW."name", NEW."profile_pic_url", NEW."occupation", NEW."industry_id", NEW."linkedin_url",
             NEW."country", NEW."role", NEW."status"))
  EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint

-- 3. Topic search. word_similarity (the <% operator) costs microseconds per row, but the planner counts it
-- as the cheapest of functions, so it scanned every program instead of using the trigram index
-- (topics_name_trgm_idx): ~10 ms instead of ~1 ms at 2,000 programs. Where the database user may not alter
-- the extension's functions, the costs stay as they were and search still works, only slower.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm word similarity costs left unchanged: %', SQLERRM;
END;
$$;
