import { listPlansEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** GET /plans: the one plan table (prices in MXN before IVA). The query is ./plans-query.ts. */
export const getPlans = () => callEndpoint(listPlansEndpoint);
