CREATE TABLE "bot_passages" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"href" text NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_terms" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_passages_search_idx" ON "bot_passages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "bot_terms_word_trgm_idx" ON "bot_terms" USING gin ("word" gin_trgm_ops);