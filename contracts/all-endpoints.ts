import {
  changePasswordEndpoint,
  getEmailVerificationEndpoint,
  requestEmailVerificationEndpoint,
  verifyEmailEndpoint,
  requestPasswordRecoveryEndpoint,
  resetPasswordEndpoint,
  updateProfileEndpoint,
} from "./accounts.ts";
import { BOT_ENDPOINTS } from "./bot.ts";
import { BUYER_LEAD_ENDPOINTS } from "./buyer-leads.ts";
import { deactivateUserEndpoint, getKpisEndpoint, listEmailsEndpoint, listUsersEndpoint } from "./admin.ts";
import { CATALOGUE_PATHS, catalogueEndpoint } from "./catalogues.ts";
import { createCompanyEndpoint, getCompanyRecordEndpoint, listDashboardCompaniesEndpoint, updateCompanyEndpoint } from "./companies.ts";
import { createInterestMessageEndpoint, getCompanyEndpoint, listCompaniesEndpoint } from "./marketplace.ts";
import { DATA_ROOM_ENDPOINTS } from "./data-room.ts";
import { DEAL_ROOM_ENDPOINTS } from "./deal-room.ts";
import type { Endpoint } from "./endpoint.ts";
import { healthEndpoint, liveEndpoint, readyEndpoint } from "./health.ts";
import { kybEndpoint } from "./kyb.ts";
import { createLeadEndpoint } from "./leads.ts";
import { liveEventsEndpoint } from "./live.ts";
import { ONBOARDING_ENDPOINTS } from "./onboarding.ts";
import { SAVED_SEARCH_ENDPOINTS } from "./saved-searches.ts";
import { getAccessAuditEndpoint, getCompanyAnalyticsEndpoint } from "./seller-analytics.ts";
import { createBuyerEndpoint, createSellerEndpoint } from "./registration.ts";
import { createSessionEndpoint, deleteSessionEndpoint } from "./sessions.ts";
import {
  cancelSubscriptionEndpoint,
  resumeSubscriptionEndpoint,
  schedulePlanChangeEndpoint,
  cancelPlanChangeEndpoint,
  createBillingPortalSessionEndpoint,
  createCheckoutSessionEndpoint,
  getSubscriptionEndpoint,
  listPaymentsEndpoint,
  listPlansEndpoint,
  localCheckoutPageEndpoint,
  localCheckoutSubmitEndpoint,
  paymentReceiptEndpoint,
  paymentWebhookEndpoint,
} from "./subscriptions.ts";
import { createValuationEndpoint } from "./valuations.ts";

/**
 * Every endpoint of the API. The server checks at start that it serves each
 * one exactly once, and the authorization matrix calls each one. The app
 * never imports this list (it imports the endpoints it calls), so pages keep
 * only the contracts they use.
 */
export const ALL_ENDPOINTS: ReadonlyArray<Endpoint> = [
  healthEndpoint,
  liveEndpoint,
  readyEndpoint,
  ...CATALOGUE_PATHS.map(catalogueEndpoint),
  createSessionEndpoint,
  deleteSessionEndpoint,
  requestPasswordRecoveryEndpoint,
  resetPasswordEndpoint,
  updateProfileEndpoint,
  changePasswordEndpoint,
  getEmailVerificationEndpoint,
  requestEmailVerificationEndpoint,
  verifyEmailEndpoint,
  createBuyerEndpoint,
  createSellerEndpoint,
  createLeadEndpoint,
  listCompaniesEndpoint,
  listDashboardCompaniesEndpoint,
  getCompanyEndpoint,
  getCompanyRecordEndpoint,
  createInterestMessageEndpoint,
  createCompanyEndpoint,
  updateCompanyEndpoint,
  listPlansEndpoint,
  getSubscriptionEndpoint,
  cancelSubscriptionEndpoint,
  resumeSubscriptionEndpoint,
  schedulePlanChangeEndpoint,
  cancelPlanChangeEndpoint,
  createBillingPortalSessionEndpoint,
  createCheckoutSessionEndpoint,
  listPaymentsEndpoint,
  paymentWebhookEndpoint,
  localCheckoutPageEndpoint,
  localCheckoutSubmitEndpoint,
  paymentReceiptEndpoint,
  ...DATA_ROOM_ENDPOINTS,
  kybEndpoint,
  ...ONBOARDING_ENDPOINTS,
  createValuationEndpoint,
  ...BOT_ENDPOINTS,
  listUsersEndpoint,
  deactivateUserEndpoint,
  getKpisEndpoint,
  listEmailsEndpoint,
  ...DEAL_ROOM_ENDPOINTS,
  liveEventsEndpoint,
  getCompanyAnalyticsEndpoint,
  getAccessAuditEndpoint,
  ...SAVED_SEARCH_ENDPOINTS,
  ...BUYER_LEAD_ENDPOINTS,
];
