import { Button } from "../../components/ui/Button.tsx";
import { Link } from "../../components/ui/Link.tsx";
import { Modal } from "../../components/ui/Modal.tsx";
import { Switch } from "../../components/ui/Switch.tsx";
import type { SessionView } from "../../lib/session.tsx";
import { OnboardingDot } from "./icons.tsx";
import { directLinks, mobileExtraLinks, navGroups, type NavLink } from "./nav-links.ts";
import * as styles from "./Navbar.css.ts";

export interface MobileMenuProps {
  readonly session: SessionView;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly onToggleDemo: () => void;
  readonly onLogout: () => void;
}

function LinkList({ links }: { readonly links: readonly NavLink[] }) {
  return (
    <ul className={styles.drawerList}>
      {links.map((link) => (
        <li key={link.label}>
          <Link href={link.href} variant="plain" className={styles.navLink} isExternal={link.isExternal ?? false}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Small screens: every link in a drawer over a dimmed backdrop (the navbar owns the trigger). */
export function MobileMenu({ session, isOpen, onOpenChange, onToggleDemo, onLogout }: MobileMenuProps) {
  const userLinks: NavLink[] = [
    ...(session.isAdmin ? [{ label: "Admin Dashboard", href: "/admin/dashboard/kpis" }] : []),
    ...(session.isSeller ? [{ label: "Mis empresas", href: "/mis-empresas" }] : []),
    // The deal room's requests: received (sellers), sent (buyers), all (admins).
    ...(session.isSeller || session.isBuyer || session.isAdmin ? [{ label: "Solicitudes", href: "/solicitudes" }] : []),
    ...(session.isSeller || session.isBuyer ? [{ label: "Mi perfil", href: "/mi-perfil" }] : []),
    ...(session.isBuyer ? [{ label: "Búsquedas guardadas", href: "/busquedas-guardadas" }] : []),
  ];
  return (
    <Modal title="Menú" variant="drawer" isOpen={isOpen} onOpenChange={onOpenChange}>
        <nav aria-label="Menú móvil" className={styles.drawerNav}>
          {navGroups.map((group) => (
            <div key={group.label} className={styles.drawerGroup}>
              <h2 className={styles.drawerHeading}>{group.label}</h2>
              <LinkList links={group.links} />
            </div>
          ))}
          <LinkList links={[...directLinks, ...mobileExtraLinks]} />
          {session.isSignedIn ? (
            <div className={styles.drawerGroup}>
              <h2 className={styles.drawerHeading}>Mi cuenta</h2>
              <p className={styles.drawerUser}>
                {session.name}
                {session.showOnboardingDot ? <OnboardingDot /> : null}
              </p>
              <LinkList links={userLinks} />
              {session.isAdmin ? (
                <Switch isSelected={session.demoMode} onChange={onToggleDemo}>
                  Modo incógnito
                </Switch>
              ) : null}
              <Button variant="secondary" onPress={onLogout}>
                Cerrar sesión
              </Button>
            </div>
          ) : (
            <Link href="/iniciar-sesion" variant="primary">
              Iniciar sesión
            </Link>
          )}
        </nav>
    </Modal>
  );
}
