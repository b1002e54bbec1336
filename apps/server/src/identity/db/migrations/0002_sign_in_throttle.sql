CREATE TABLE "identity"."sign_in_throttle" (
	"subject" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"wait_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttle_attempts_positive" CHECK ("identity"."sign_in_throttle"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_attempt_at_idx" ON "identity"."sign_in_throttle" USING btree ("last_attempt_at");