import type { Database } from "../db/open.ts";
import { escapeHtml, htmlLayout, type Mailer } from "../mail/mailer.ts";

/** What the team is told when an owner finishes the onboarding. */
export interface OnboardingFinished {
  readonly companyId: number;
  readonly companyName: string;
  readonly ownerName: string;
  readonly ownerEmail: string;
  readonly appUrl: string;
}

/** How the team hears of a finished onboarding; the answer says which channel carried it. */
export interface TeamNotifier {
  notifyOnboardingFinished(event: OnboardingFinished): Promise<"slack" | "mail">;
}

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ ok: boolean; status: number }>;

export interface TeamNotifierOptions {
  /** SLACK_WEBHOOK_URL: a Slack incoming webhook. Absent: the team inbox through the mailer (outbox offline). */
  readonly slackWebhookUrl: string | undefined;
  /** Where the e-mail is queued (the mailer's outbox). */
  readonly db: Database;
  readonly mailer: Mailer;
  readonly teamEmail: string;
  readonly fetch?: Fetch;
  readonly timeoutMs?: number;
  readonly log?: { warn: (object: object, message: string) => void };
}

const summaryLine = (event: OnboardingFinished): string =>
  `${event.ownerName} (${event.ownerEmail}) terminó el onboarding de ${event.companyName}.`;

/**
 * Slack when a webhook is configured; the team's e-mail otherwise, and also
 * when Slack fails (the finish must never be lost because Slack is down).
 * The e-mail is queued right after the finish has committed, not in its
 * transaction: which channel carries the notice is only known after trying
 * Slack, a network call no transaction should wait on. A crash between the
 * commit and the queueing loses this one notice (the finish itself stands).
 */
export function createTeamNotifier(options: TeamNotifierOptions): TeamNotifier {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 5000;

  const mail = async (event: OnboardingFinished): Promise<"mail"> => {
    const link = `${event.appUrl}/mi-empresa/${event.companyId}`;
    const subject = `Onboarding terminado: ${event.companyName}`;
    await options.mailer.enqueue(options.db, {
      to: options.teamEmail,
      subject,
      text: `${summaryLine(event)}\n\n${link}`,
      html: htmlLayout(subject, `<p>${escapeHtml(summaryLine(event))}</p><p><a href="${escapeHtml(link)}">Abrir la empresa</a></p>`),
    });
    return "mail";
  };

  return {
    async notifyOnboardingFinished(event) {
      const url = options.slackWebhookUrl;
      if (url === undefined) return mail(event);
      try {
        const answer = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: `${summaryLine(event)} ${event.appUrl}/mi-empresa/${event.companyId}` }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (answer.ok) return "slack";
        options.log?.warn({ status: answer.status }, "Slack webhook refused the onboarding notice; e-mailing the team");
      } catch (error) {
        options.log?.warn({ err: error }, "Slack webhook failed; e-mailing the team");
      }
      return mail(event);
    },
  };
}
