ALTER TABLE "access_requests" ADD COLUMN "access_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "lapse_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "lapse_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "access_requests_ends_idx" ON "access_requests" USING btree ("access_ends_at") WHERE status = 'approved' and access_ends_at is not null;