CREATE TABLE "stripe_invoice_payments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_check" CHECK ("payments"."refunded_amount_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dispute_status_check" CHECK ("payments"."dispute_status" in ('open', 'won', 'lost'));