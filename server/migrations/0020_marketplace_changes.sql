CREATE TABLE "marketplace_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"company_id" integer,
	"word" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketplace_changes_txid_idx" ON "marketplace_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "marketplace_changes_at_idx" ON "marketplace_changes" USING btree ("at");