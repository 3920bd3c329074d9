import { getCommunityStatsEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** GET /community_stats: connections made and letters of intent sent, counted from the records (public). */
export const getCommunityStats = () => callEndpoint(getCommunityStatsEndpoint);
