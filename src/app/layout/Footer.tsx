import { Logo } from "../../components/Logo.tsx";
import { Marquee, type MarqueeItem } from "../../components/Marquee.tsx";
import { LightLink } from "../../components/ui/LightLink.tsx";
import { footerGroups, legalLinks, mediaMentions, socialLinks, type NavLink } from "./nav-links.ts";
import * as styles from "./Footer.css.ts";

/** Spec section 9: the media carousel loops every 15 s. */
const MEDIA_LOOP = "15s";

export const FUNDS_STATEMENT =
  "Puente no es una institución financiera, no recibe ni administra fondos, no canaliza recursos ni opera vehículos de inversión y no garantiza operaciones. Solo actúa como asesor bajo contrato. Todos los acuerdos se realizan directamente entre las partes.";

function SocialIcon({ network }: { readonly network: "facebook" | "instagram" | "linkedin" }) {
  // Simple geometric glyphs of our own, not the networks' artwork.
  return (
    <svg className={styles.socialIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {network === "facebook" ? <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z" strokeLinejoin="round" /> : null}
      {network === "instagram" ? (
        <>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
        </>
      ) : null}
      {network === "linkedin" ? (
        <>
          <rect x="3" y="3" width="18" height="18" rx="3" />
          <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" strokeLinecap="round" />
        </>
      ) : null}
    </svg>
  );
}

/**
 * Our own chip for an ecosystem topic: our arc mark and the topic in the
 * app's font (HTML text, so it is the page's font and the chip fits it).
 */
function MediaLogo({ name }: { readonly name: string }) {
  return (
    <span className={styles.mediaLogo}>
      <svg className={styles.mediaArc} viewBox="0 0 20 12" aria-hidden="true">
        <path d="M2 10 C 6 1, 14 1, 18 10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {name}
    </span>
  );
}

const mediaItems: ReadonlyArray<MarqueeItem> = mediaMentions.map((mention) => ({
  key: mention.label,
  content: (
    <LightLink
      href={mention.href}
      isExternal
      variant="plain"
      className={styles.mediaLink}
      aria-label={`${mention.label}, en el blog de Puente (se abre en una pestaña nueva)`}
    >
      <MediaLogo name={mention.label} />
    </LightLink>
  ),
  // The visual copy that makes the loop seamless: out of the tab order.
  duplicate: (
    <a href={mention.href} target="_blank" rel="noopener noreferrer" tabIndex={-1} className={styles.mediaLink}>
      <MediaLogo name={mention.label} />
    </a>
  ),
}));

function LinkGroup({ label, links }: { readonly label: string; readonly links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className={styles.groupHeading}>{label}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.label}>
            <LightLink href={link.href} variant="plain" className={styles.link} isExternal={link.isExternal ?? false}>
              {link.label}
            </LightLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <Logo tone="inverse" />
            <p className={styles.statement}>{FUNDS_STATEMENT}</p>
            <ul className={styles.social} aria-label="Redes sociales">
              {socialLinks.map((link) => (
                <li key={link.network}>
                  <LightLink href={link.href} isExternal variant="plain" className={styles.socialLink} aria-label={link.label}>
                    <SocialIcon network={link.network} />
                  </LightLink>
                </li>
              ))}
            </ul>
          </div>
          {footerGroups.map((group) => (
            <LinkGroup key={group.label} label={group.label} links={group.links} />
          ))}
        </div>
        <section className={styles.media_} aria-labelledby="footer-media">
          <h2 id="footer-media" className={styles.groupHeading}>
            Nuestro ecosistema
          </h2>
          <p className={styles.statement}>Los actores que conectamos. Conoce más de cada uno en nuestro blog.</p>
          <Marquee label="Temas del ecosistema Puente" items={mediaItems} duration={MEDIA_LOOP} viewportClassName={styles.mediaMarquee} />
        </section>
        <div className={styles.bottom}>
          <p>© 2026 Puente. Todos los derechos reservados.</p>
          <nav aria-label="Legal">
            <ul className={styles.legal}>
              {legalLinks.map((link) => (
                <li key={link.label}>
                  <LightLink href={link.href} variant="plain" className={styles.link}>
                    {link.label}
                  </LightLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
