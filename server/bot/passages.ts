import { CONTACT_PAGE } from "../../content/contact.ts";
import { FAQ_GROUPS, FAQ_PAGE, faqGroupAnchor } from "../../content/faq.ts";
import { formatMxn } from "../../content/format.ts";
import { BUYER_JOURNEY, BUYER_STEPS, FUNDING_ROUND, SELLER_JOURNEY, SELLER_STEPS, type JourneyStep } from "../../content/journeys.ts";
import { PRIVACY, TERMS, type LegalBlock, type LegalText } from "../../content/legal.ts";
import { ACELERA, PLAN_COPY, PLANS_NOTE, PLANS_PAGE, planAnchor } from "../../content/plans.ts";
import { SERVICE_OFFERINGS, SERVICES_PAGE, VIRTUAL_CFO, serviceAnchor } from "../../content/services.ts";
import { FREE_VALUATION } from "../../content/valuation.ts";
import type { Plan } from "../../contracts/subscriptions.ts";

/**
 * What Puente Bot can quote: every answer, paragraph and list of our own
 * content (content/), and one passage per plan written from the server's
 * plan table, so a price the bot gives is the price charged. Built in
 * memory and indexed in the database on every start
 * (index-passages.ts); docs/decisions/020-puente-bot.md.
 */
export interface Passage {
  /** Stable across starts ("faq/vender/0", "terms/objeto/1", "plans/Impulsa"). */
  readonly key: string;
  /** The page it is on, as the site names it ("Términos y condiciones"). */
  readonly page: string;
  /** The section or question on that page ("Qué es Puente"); the answer names its source "page: title". */
  readonly title: string;
  /**
   * Questions the passage answers that its title does not say ("¿Cuánto
   * cuesta el plan Impulsa?"): searched like the title, never shown.
   */
  readonly questions: ReadonlyArray<string>;
  /** The text quoted (lines separated by "\n"). */
  readonly body: string;
  /** Where it is on the site, with the section's anchor. */
  readonly href: string;
}

/** How an answer names its source. */
export const sourceTitle = (passage: Pick<Passage, "page" | "title">): string => `${passage.page}: ${passage.title}`;

const at = (path: string, anchor: string): string => `${path}#${anchor}`;

/** "1. Title: text" per step, one per line. */
const stepLines = (steps: ReadonlyArray<JourneyStep>): string => steps.map((step, index) => `${index + 1}. ${step.title}: ${step.text}`).join("\n");

const faqPassages = (): ReadonlyArray<Passage> =>
  FAQ_GROUPS.flatMap((group) =>
    group.questions.map((question, index) => ({
      key: `faq/${group.id}/${index}`,
      page: FAQ_PAGE.title,
      title: question.q,
      questions: [],
      body: question.a,
      href: at(FAQ_PAGE.path, faqGroupAnchor(group.id)),
    })),
  );

const blockText = (block: LegalBlock): string => ("paragraph" in block ? block.paragraph : block.list.join("\n"));

/**
 * One passage per paragraph or list of each section; a paragraph that
 * introduces the next block ("Finalidades primarias…:") stays with it.
 */
function legalPassages(name: string, text: LegalText): ReadonlyArray<Passage> {
  return text.sections.flatMap((section) => {
    const parts: string[] = [];
    let pending = "";
    for (const block of section.blocks) {
      const current = pending === "" ? blockText(block) : `${pending}\n${blockText(block)}`;
      if ("paragraph" in block && block.paragraph.endsWith(":")) {
        pending = current;
        continue;
      }
      parts.push(current);
      pending = "";
    }
    if (pending !== "") parts.push(pending);
    return parts.map((body, index) => ({
      key: `${name}/${section.id}/${index}`,
      page: text.title,
      title: section.title,
      questions: [],
      body,
      href: at(text.path, section.id),
    }));
  });
}

const servicePassages = (): ReadonlyArray<Passage> => [
  ...SERVICE_OFFERINGS.map((offering) => ({
    key: `services/${offering.id}`,
    page: SERVICES_PAGE.title,
    title: offering.title,
    questions: [`¿Cuánto cuesta ${offering.title}?`],
    body: [offering.text, ...offering.prices.map((price) => `${price}.`), `Incluye: ${offering.includes.join(", ")}.`].join("\n"),
    href: at(SERVICES_PAGE.path, serviceAnchor(offering.id)),
  })),
  {
    key: "services/cfo-virtual",
    page: VIRTUAL_CFO.name,
    title: VIRTUAL_CFO.title,
    questions: [`¿Cuánto cuesta el ${VIRTUAL_CFO.name}?`],
    body: [VIRTUAL_CFO.lead, `${VIRTUAL_CFO.price}.`, ...VIRTUAL_CFO.deliverables.map((item) => `${item.title}: ${item.text}`)].join("\n"),
    href: VIRTUAL_CFO.path,
  },
];

const withIva = (plan: Plan): string => (plan.plus_iva ? " + IVA" : "");

/**
 * One passage per plan name, its prices as the plans page writes them, from
 * the server's plan table; and the page's overview before them: every plan
 * in one line each (what "¿qué planes tienen?" asks).
 */
function planPassages(plans: ReadonlyArray<Plan>): ReadonlyArray<Passage> {
  const names = [...new Set(plans.map((plan) => plan.name))];
  const priced = names.flatMap((name) => {
    const monthly = plans.find((plan) => plan.name === name && plan.interval === "month");
    const quarterly = plans.find((plan) => plan.name === name && plan.interval === "quarter");
    const first = monthly ?? quarterly;
    if (first === undefined) return [];
    const prices = [
      ...(monthly === undefined ? [] : [`${formatMxn(monthly.amount_mxn)} MXN al mes${withIva(monthly)}`]),
      ...(quarterly === undefined ? [] : [`${formatMxn(quarterly.amount_mxn)} MXN cada 3 meses${withIva(quarterly)}`]),
    ];
    return [{ name, first, prices: prices.join(" o "), fee: `${first.success_fee_percent}% + IVA` }];
  });
  const overview: Passage = {
    key: "plans/overview",
    page: PLANS_PAGE.title,
    title: PLANS_PAGE.heading,
    questions: ["¿Qué planes tienen y cuánto cuestan?"],
    body: [
      PLANS_PAGE.lead,
      ...priced.map(({ name, prices, fee }) => `${name}: ${prices}, con comisión de éxito de ${fee}.`),
      `${ACELERA.name}: ${ACELERA.summary} ${ACELERA.price}.`,
      PLANS_NOTE,
    ].join("\n"),
    href: at(PLANS_PAGE.path, PLANS_PAGE.anchor),
  };
  return [
    overview,
    ...priced.map(({ name, first, prices, fee }) => {
      const copy = PLAN_COPY[name];
      return {
        key: `plans/${name}`,
        page: PLANS_PAGE.title,
        title: name,
        questions: [`¿Cuánto cuesta ${name}?`, `Precio de ${name}`],
        body: [`El plan ${name} cuesta ${prices}.`, `Comisión de éxito: ${fee}.`, ...(copy === undefined ? [] : [copy.summary, `Incluye: ${copy.features.join(", ")}.`])].join("\n"),
        href: at(PLANS_PAGE.path, planAnchor(first.id)),
      };
    }),
    {
      key: `plans/${ACELERA.name}`,
      page: PLANS_PAGE.title,
      title: ACELERA.name,
      questions: [`¿Cuánto cuesta ${ACELERA.name}?`, `Precio de ${ACELERA.name}`],
      body: [`${ACELERA.price}.`, ACELERA.summary, `Incluye: ${ACELERA.features.join(", ")}.`].join("\n"),
      href: at(PLANS_PAGE.path, planAnchor("acelera")),
    },
  ];
}

const journeyPassages = (): ReadonlyArray<Passage> => [
  {
    key: "journeys/buyer",
    page: BUYER_JOURNEY.page,
    title: `${BUYER_JOURNEY.heading}: ${BUYER_JOURNEY.tab}`,
    questions: ["¿Cómo compro una empresa o invierto en una?"],
    body: stepLines(BUYER_STEPS),
    href: at(BUYER_JOURNEY.path, BUYER_JOURNEY.anchor),
  },
  {
    key: "journeys/seller",
    page: SELLER_JOURNEY.page,
    title: SELLER_JOURNEY.heading,
    questions: ["¿Cómo vendo mi empresa?"],
    body: stepLines(SELLER_STEPS),
    href: at(SELLER_JOURNEY.path, SELLER_JOURNEY.anchor),
  },
  {
    key: "journeys/funding-round",
    page: FUNDING_ROUND.page,
    title: FUNDING_ROUND.heading,
    questions: ["¿Cómo levanto capital para mi empresa?"],
    body: FUNDING_ROUND.paragraphs.join("\n"),
    href: at(FUNDING_ROUND.path, FUNDING_ROUND.anchor),
  },
];

const valuationPassages = (): ReadonlyArray<Passage> => [
  {
    key: "valuation/tool",
    page: FREE_VALUATION.name,
    title: FREE_VALUATION.stepsHeading,
    // "Cómo funciona" says nothing of what: the page's title and name do.
    questions: [FREE_VALUATION.title, FREE_VALUATION.name],
    body: [FREE_VALUATION.lead, `Lo que necesitas: ${FREE_VALUATION.needs.join(", ")}.`, stepLines(FREE_VALUATION.steps)].join("\n"),
    href: at(FREE_VALUATION.path, FREE_VALUATION.stepsAnchor),
  },
  {
    key: "valuation/more",
    page: FREE_VALUATION.name,
    title: FREE_VALUATION.moreHeading,
    questions: [],
    body: FREE_VALUATION.more,
    href: at(FREE_VALUATION.path, FREE_VALUATION.moreAnchor),
  },
];

/** How to reach us: the contact page's lead and what it promises. */
const contactPassages = (): ReadonlyArray<Passage> => [
  {
    key: "contact",
    page: CONTACT_PAGE.page,
    title: CONTACT_PAGE.heading,
    questions: ["¿Cómo me pongo en contacto con Puente?"],
    body: [CONTACT_PAGE.lead, ...CONTACT_PAGE.points].join("\n"),
    href: CONTACT_PAGE.path,
  },
];

/**
 * Every passage, in the order the bot prefers on a tie (answer.ts): what
 * binds first (terms, privacy), then the FAQ, plans, services, how things
 * work, the valuation tool and how to reach us.
 */
export function buildPassages(plans: ReadonlyArray<Plan>): ReadonlyArray<Passage> {
  return [
    ...legalPassages("terms", TERMS),
    ...legalPassages("privacy", PRIVACY),
    ...faqPassages(),
    ...planPassages(plans),
    ...servicePassages(),
    ...journeyPassages(),
    ...valuationPassages(),
    ...contactPassages(),
  ];
}
