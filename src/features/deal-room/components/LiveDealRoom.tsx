import { useSession } from "../../../lib/session.tsx";
import { useLiveDealRoom } from "../state/live-deal-room.ts";

/** This tab's live stream while signed in (../state/live-deal-room.ts); renders nothing. */
export default function LiveDealRoom(): null {
  useLiveDealRoom(useSession().token);
  return null;
}
