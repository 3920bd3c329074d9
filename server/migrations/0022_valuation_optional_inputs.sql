ALTER TABLE "valuation_requests" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "valuation_requests" ALTER COLUMN "net_profit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "valuation_requests" ALTER COLUMN "annual_percentage_growth" DROP NOT NULL;