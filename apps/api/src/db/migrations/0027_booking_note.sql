-- Issue 27: the booking statement's note to the mentor (spec: advisees 'add a note to the mentor'), kept on the
-- booking and shown to its mentor and host. Optional; at most 500 characters.
ALTER TABLE "sessions" ADD COLUMN "note" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_note_length_check" CHECK ("sessions"."note" is null or char_length("sessions"."note") <= 500);
