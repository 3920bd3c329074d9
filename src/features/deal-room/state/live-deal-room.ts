import { useEffect } from "react";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { liveEventsEndpoint, type LiveEvent } from "../../../../contracts/live.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { openEventStream } from "../../../lib/api-client.ts";
import { setLiveStatus } from "../../../lib/live-status.ts";
import { openLiveStream } from "../../../lib/live-stream.ts";
import { dealRoomKeys } from "../api/deal-room-keys.ts";

/**
 * The deal room follows the live stream (issue 28; docs/decisions/032-live-deal-room.md).
 * An event names what changed and where; this tab asks the normal endpoints
 * again for the queries that show it (which check, as always, what this
 * user may see). A hidden tab only marks them stale and asks when it shows
 * again, so reading a thread (which marks messages read, and tells the
 * other party) happens when the person can see it.
 */

/** The queries an event makes stale: a prefix each. */
export function queriesAffectedBy(event: LiveEvent): ReadonlyArray<QueryKey> {
  switch (event.type) {
    case "ready":
      return [];
    case "deal_message.created":
      // The lists show unread counts.
      return [dealRoomKeys.messages(event.access_request_id), dealRoomKeys.lists()];
    case "deal_messages.read":
      return [dealRoomKeys.messages(event.access_request_id)];
    case "letter_of_intent.created":
    case "letter_of_intent.decided":
      return [dealRoomKeys.letters(event.access_request_id), dealRoomKeys.lists()];
    case "access_request.created":
      return [dealRoomKeys.lists()];
    case "access_request.decided":
    case "access_request.nda_accepted":
      // The request (its thread and letters under it), the lists, and the profiles, which show the viewer's access.
      return [dealRoomKeys.detail(event.access_request_id), dealRoomKeys.lists(), companyKeys.details()];
  }
}

/** After the stream was down (polling meanwhile), everything it could have said: the deal room and the profiles. */
const AFTER_A_GAP: ReadonlyArray<QueryKey> = [dealRoomKeys.requests(), companyKeys.details()];

export interface LiveDealRoomOptions {
  readonly queryClient: QueryClient;
  /** Whether the person can see the tab now; default the document's visibility. */
  readonly isVisible?: () => boolean;
}

/**
 * What the tab does with each event: refetch the affected queries now if
 * it is visible, else when it shows again. The stream's first `ready` comes
 * right after the page loaded its data; each later one follows a gap, so
 * it refetches everything the stream covers.
 */
export function createLiveDealRoom({ queryClient, isVisible = () => document.visibilityState === "visible" }: LiveDealRoomOptions) {
  const pending = new Map<string, QueryKey>();
  let readyBefore = false;
  const refresh = (keys: ReadonlyArray<QueryKey>) => {
    const visible = isVisible();
    for (const queryKey of keys) {
      void queryClient.invalidateQueries({ queryKey, refetchType: visible ? "active" : "none" });
      if (!visible) pending.set(JSON.stringify(queryKey), queryKey);
    }
  };
  return {
    onEvent(event: LiveEvent): void {
      if (event.type === "ready") {
        if (readyBefore) refresh(AFTER_A_GAP);
        readyBefore = true;
        return;
      }
      refresh(queriesAffectedBy(event));
    },
    /** The tab shows again: ask for what changed while it was hidden. */
    onVisible(): void {
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  };
}

/**
 * One stream for this tab while signed in (mounted once, src/app/App.tsx),
 * opened again for a new token and closed when the session ends.
 */
export function useLiveDealRoom(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    const room = createLiveDealRoom({ queryClient });
    const stream = openLiveStream({
      open: (signal) => openEventStream(liveEventsEndpoint, signal),
      onEvent: room.onEvent,
      onStatus: setLiveStatus,
    });
    const onVisibility = () => {
      if (document.visibilityState === "visible") room.onVisible();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      stream.close();
    };
  }, [token, queryClient]);
}
