CREATE TABLE "file_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"viewer_user_id" integer NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_view_pages" (
	"view_id" integer NOT NULL,
	"page" integer NOT NULL,
	"milliseconds" integer NOT NULL,
	CONSTRAINT "file_view_pages_view_id_page_pk" PRIMARY KEY("view_id","page")
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "download_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_file_id_company_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."company_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_view_pages" ADD CONSTRAINT "file_view_pages_view_id_file_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."file_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_downloads_file_idx" ON "file_downloads" USING btree ("file_id","downloaded_at");