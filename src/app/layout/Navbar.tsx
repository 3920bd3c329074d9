import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Link } from "../../components/ui/Link.tsx";
import { useOnSignedOut, useSession, useSessionReady, useSessionSend } from "../../lib/session.tsx";
import { HamburgerIcon } from "./icons.tsx";
import { NavDropdown } from "./NavDropdown.tsx";
import { directLinks, navGroups } from "./nav-links.ts";
import * as styles from "./Navbar.css.ts";

// Menus built on react-aria's Menu and Modal load when they are first needed
// (signed in, or the hamburger pressed), keeping them off the first load.
const UserMenu = lazy(() => import("./UserMenu.tsx").then((module) => ({ default: module.UserMenu })));
const MobileMenu = lazy(() => import("./MobileMenu.tsx").then((module) => ({ default: module.MobileMenu })));

const USER_MENU = "user";

export function Navbar() {
  const session = useSession();
  const sessionReady = useSessionReady();
  const send = useSessionSend();
  const [location] = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);

  const closeAll = useCallback(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, []);

  // Navigating (including the sign-out redirect) closes every menu.
  useEffect(() => closeAll(), [location, closeAll]);
  useOnSignedOut(closeAll);

  const menuState = (id: string) => ({
    isOpen: openMenu === id,
    onOpenChange: (isOpen: boolean) => setOpenMenu(isOpen ? id : null),
  });
  const toggleDemo = () => send({ type: "session.demoToggled" });
  const logout = () => send({ type: "session.logout" });

  return (
    <header className={styles.header}>
      <nav aria-label="Principal" className={styles.nav}>
        <Link href="/" variant="plain" className={styles.logoLink} aria-label="Puente, ir al inicio">
          <Logo />
        </Link>
        <ul className={styles.links}>
          {navGroups.map((group) => (
            <li key={group.label}>
              <NavDropdown group={group} {...menuState(group.label)} />
            </li>
          ))}
          {directLinks.map((link) => (
            <li key={link.label}>
              <Link href={link.href} variant="plain" className={styles.navLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.end}>
          <div className={styles.desktopOnly}>
            {!sessionReady ? (
              <span className={styles.accountPlaceholder} aria-hidden="true" />
            ) : session.isSignedIn ? (
              <Suspense fallback={<span className={styles.accountPlaceholder} aria-hidden="true" />}>
                <UserMenu session={session} {...menuState(USER_MENU)} onToggleDemo={toggleDemo} onLogout={logout} />
              </Suspense>
            ) : (
              <Link href="/iniciar-sesion" variant="primary">
                Iniciar sesión
              </Link>
            )}
          </div>
          <span className={styles.mobileOnly}>
            <Button variant="ghost" aria-label="Abrir menú" aria-haspopup="dialog" aria-expanded={mobileOpen} onPress={() => setMobileOpen(true)}>
              <HamburgerIcon />
            </Button>
          </span>
          {mobileOpen ? (
            <Suspense fallback={null}>
              <MobileMenu session={session} isOpen={mobileOpen} onOpenChange={setMobileOpen} onToggleDemo={toggleDemo} onLogout={logout} />
            </Suspense>
          ) : null}
        </div>
      </nav>
      {openMenu !== null ? <div className={styles.backdrop} aria-hidden="true" onClick={closeAll} /> : null}
    </header>
  );
}
