/**
 * The home page's community figures with the records behind two of them
 * (decision 023): "conexiones realizadas" and "cartas de intención enviadas"
 * show the marketing floor ("100+", "20+") until the real count is higher,
 * then the count. Pure and free of Effect (the home page's first load):
 * unit tested in node (tests/unit/public-site/community-counters.test.ts).
 */
import type { CommunityStats } from "../../../../contracts/deal-room.ts";

export type LiveCounter = keyof CommunityStats;

export interface CommunityStat {
  readonly value: string;
  readonly label: string;
  readonly live?: { readonly counter: LiveCounter; readonly floor: number };
}

const integer = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });

/** The floor's text until `count` is higher than the floor, then the count ("1,234"); the floor while the count is unknown. */
export function counterText(floorText: string, floor: number, count: number | undefined): string {
  return count !== undefined && Number.isFinite(count) && count > floor ? integer.format(count) : floorText;
}

/** Each figure's text: fixed ones as written, live ones by `counterText` with the records (undefined: not loaded or failed). */
export function communityFigures(stats: ReadonlyArray<CommunityStat>, counts: CommunityStats | undefined): ReadonlyArray<{ readonly label: string; readonly value: string }> {
  return stats.map((stat) => ({
    label: stat.label,
    value: stat.live === undefined ? stat.value : counterText(stat.value, stat.live.floor, counts?.[stat.live.counter]),
  }));
}
