CREATE TABLE "access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_requests_status_check" CHECK ("access_requests"."status" in ('pending', 'approved', 'rejected', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "company_profile_views" (
	"company_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	"viewer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_profile_views_company_id_day_viewer_key_pk" PRIMARY KEY("company_id","day","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "deal_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_request_id" integer NOT NULL,
	"sender_user_id" integer,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verification_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "letters_of_intent" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_request_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"stake_percentage" numeric(5, 2) NOT NULL,
	"terms" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_of_intent_amount_check" CHECK ("letters_of_intent"."amount" > 0),
	CONSTRAINT "letters_of_intent_currency_check" CHECK ("letters_of_intent"."currency" in ('MXN', 'USD')),
	CONSTRAINT "letters_of_intent_stake_check" CHECK ("letters_of_intent"."stake_percentage" between 0 and 100),
	CONSTRAINT "letters_of_intent_status_check" CHECK ("letters_of_intent"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nda_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"ip" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"saved_search_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alerts_saved_search_id_company_id_pk" PRIMARY KEY("saved_search_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"state_id" integer,
	"industry_id" integer,
	"sales_range_id" integer,
	"interest_id" integer,
	"company_type_id" integer,
	"verification_level_id" integer,
	"ebitda_id" integer,
	"q" text,
	"last_alert_at" timestamp with time zone,
	"alerts_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profile_views" ADD CONSTRAINT "company_profile_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profile_views" ADD CONSTRAINT "company_profile_views_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_access_request_id_access_requests_id_fk" FOREIGN KEY ("access_request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_of_intent" ADD CONSTRAINT "letters_of_intent_access_request_id_access_requests_id_fk" FOREIGN KEY ("access_request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_of_intent" ADD CONSTRAINT "letters_of_intent_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_access_request_id_access_requests_id_fk" FOREIGN KEY ("access_request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_one_open_idx" ON "access_requests" USING btree ("company_id","buyer_user_id") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "access_requests_company_idx" ON "access_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_buyer_idx" ON "access_requests" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_messages_request_idx" ON "deal_messages" USING btree ("access_request_id","created_at");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "letters_of_intent_request_idx" ON "letters_of_intent" USING btree ("access_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_of_intent_one_pending_idx" ON "letters_of_intent" USING btree ("access_request_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "listing_events_unprocessed_idx" ON "listing_events" USING btree ("id") WHERE processed_at IS NULL;--> statement-breakpoint
CREATE INDEX "nda_acceptances_request_idx" ON "nda_acceptances" USING btree ("access_request_id","accepted_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");