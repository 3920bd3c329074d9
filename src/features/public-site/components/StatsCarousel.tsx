import { Marquee, type MarqueeItem } from "../../../components/Marquee.tsx";
import { COMMUNITY_STATS } from "./content.ts";
import * as styles from "./StatsCarousel.css.ts";

const items: ReadonlyArray<MarqueeItem> = COMMUNITY_STATS.map((stat) => ({
  key: stat.label,
  content: (
    <div className={styles.stat}>
      <span className={styles.value}>{stat.value}</span>
      <span className={styles.label}>{stat.label}</span>
    </div>
  ),
}));

/** The looping community figures (spec sections 1 and 9). */
export function StatsCarousel() {
  return <Marquee label="Cifras de la comunidad Puente" items={items} itemClassName={styles.item} duration="30s" />;
}
