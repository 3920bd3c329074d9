import { count, desc, eq } from "drizzle-orm";
import type { AdminEmailList, EmailStatus } from "../../contracts/admin.ts";
import { DASHBOARD_PAGE_SIZE } from "../../contracts/companies.ts";
import type { Database } from "../db/open.ts";
import { emailOutbox } from "../mail/schema.ts";

export interface EmailListInput {
  readonly status?: EmailStatus | undefined;
  readonly page?: number | undefined;
  readonly perPage?: number | undefined;
}

/**
 * GET /emails: the outbox (server/mail), newest first, of one status or
 * all; `?status=failed` is what the team must send by other means. The
 * bodies stay out: they carry one-time links.
 */
export async function listEmails(db: Database, input: EmailListInput): Promise<AdminEmailList> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? DASHBOARD_PAGE_SIZE;
  const where = input.status === undefined ? undefined : eq(emailOutbox.status, input.status);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        lastAttemptAt: emailOutbox.lastAttemptAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      created_at: row.createdAt.toISOString(),
      last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
      next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
      sent_at: row.sentAt?.toISOString() ?? null,
    })),
    total: totals[0]?.total ?? 0,
    page,
    per_page: perPage,
  };
}
