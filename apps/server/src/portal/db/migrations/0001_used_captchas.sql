CREATE TABLE "portal"."used_captchas" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_captchas_expires_idx" ON "portal"."used_captchas" USING btree ("expires_at");