-- No double booking, enforced by the database: a mentor's sessions that hold their slot never overlap,
-- and nobody attends two sessions at once (btree_gist comes from 0000_extensions).
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_advisor_no_overlap"
  EXCLUDE USING gist ("advisor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" IN ('PENDING_PAYMENT', 'CONFIRMED'));
--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_no_overlap"
  EXCLUDE USING gist ("advisee_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("holds_slot" AND "advisee_id" IS NOT NULL);
--> statement-breakpoint
-- Average rating (one decimal) and number of ratings per mentor.
CREATE VIEW "advisor_ratings" AS
  SELECT s."advisor_id",
         round(avg(f."rating"), 1)::double precision AS "average_rating",
         count(*)::integer AS "rating_count"
  FROM "session_feedback" f
  JOIN "sessions" s ON s."id" = f."session_id"
  GROUP BY s."advisor_id";
