import { queryOptions, useQuery } from "@tanstack/react-query";
import { getNdaEndpoint } from "../../../../contracts/deal-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dealRoomKeys } from "./deal-room-keys.ts";

/** GET /nda: the NDA in force (public): version, effective date and text with its placeholders. */
export const getNda = () => callEndpoint(getNdaEndpoint);

export const ndaQueryOptions = () =>
  queryOptions({
    queryKey: dealRoomKeys.nda(),
    queryFn: getNda,
    // A new version is a deploy; a 400 ndaOutdated invalidates it sooner.
    staleTime: 10 * 60_000,
    // The dialog shows its own load error with 'Reintentar'.
    meta: { silent: true },
  });

/** Asked for only when shown (`enabled`): the request dialog or the "the NDA changed" notice. */
export function useNda(enabled = true) {
  return useQuery({ ...ndaQueryOptions(), enabled });
}
