import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createValuationEndpoint } from "../../../../contracts/valuations.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** The valuation request as sent on the wire. */
export type CreateValuationBody = WireBodyOf<typeof createValuationEndpoint>;

/** POST /valuations: the engine's estimate (p10 / p50 / p90) for the wizard's answers. */
export const createValuation = (body: CreateValuationBody) => callEndpoint(createValuationEndpoint, { body });
