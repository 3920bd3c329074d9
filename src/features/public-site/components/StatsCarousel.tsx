import { Marquee } from "../../../components/Marquee.tsx";
import { useNearViewport } from "../../../hooks/useNearViewport.ts";
import { useCommunityStats } from "../api/community-stats-query.ts";
import { communityFigures } from "./community-counters.ts";
import { COMMUNITY_STATS } from "./content.ts";
import * as styles from "./StatsCarousel.css.ts";

/**
 * The looping community figures (spec sections 1 and 9). The floors render
 * first (and stay if the call fails, is slow or not made yet); the records replace them
 * once higher, in cards of fixed width, so nothing moves.
 */
export function StatsCarousel() {
  // Asked for when the carousel reaches the screen: on a phone it is below the
  // hero, and the fetcher (with Effect) would otherwise run during the first load.
  const [ref, near] = useNearViewport<HTMLDivElement>("0px");
  const counts = useCommunityStats(near);
  const items = communityFigures(COMMUNITY_STATS, counts.data).map((stat) => ({
    key: stat.label,
    content: (
      <div className={styles.stat}>
        <span className={styles.value}>{stat.value}</span>
        <span className={styles.label}>{stat.label}</span>
      </div>
    ),
  }));
  return (
    <div ref={ref}>
      <Marquee label="Cifras de la comunidad Puente" items={items} itemClassName={styles.item} duration="30s" />
    </div>
  );
}
