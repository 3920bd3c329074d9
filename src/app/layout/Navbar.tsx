import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Link } from "../../components/ui/Link.tsx";
import { Menu, MenuItem, MenuTrigger } from "../../components/ui/Menu.tsx";
import { useSession, useSessionSend } from "../../lib/session.tsx";
import { onSignedOut } from "../session.tsx";
import { ChevronDown } from "./icons.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { directLinks, navGroups } from "./nav-links.ts";
import { UserMenu } from "./UserMenu.tsx";
import * as styles from "./Navbar.css.ts";

const USER_MENU = "user";

export function Navbar() {
  const session = useSession();
  const send = useSessionSend();
  const [location] = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);

  const closeAll = () => {
    setOpenMenu(null);
    setMobileOpen(false);
  };

  // Navigating (including the sign-out redirect) closes every menu.
  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [location]);
  useEffect(
    () =>
      onSignedOut(() => {
        setOpenMenu(null);
        setMobileOpen(false);
      }),
    [],
  );

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
              <MenuTrigger {...menuState(group.label)}>
                <Button variant="ghost" className={styles.navItem}>
                  {group.label}
                  <ChevronDown />
                </Button>
                <Menu aria-label={group.label}>
                  {group.links.map((link) => (
                    <MenuItem key={link.label} id={link.label} href={link.href}>
                      {link.label}
                    </MenuItem>
                  ))}
                </Menu>
              </MenuTrigger>
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
            {session.isSignedIn ? (
              <UserMenu session={session} {...menuState(USER_MENU)} onToggleDemo={toggleDemo} onLogout={logout} />
            ) : (
              <Link href="/iniciar-sesion" variant="primary">
                Iniciar sesión
              </Link>
            )}
          </div>
          <MobileMenu
            session={session}
            isOpen={mobileOpen}
            onOpenChange={setMobileOpen}
            onToggleDemo={toggleDemo}
            onLogout={logout}
          />
        </div>
      </nav>
      {openMenu !== null ? <div className={styles.backdrop} aria-hidden="true" onClick={closeAll} /> : null}
    </header>
  );
}
