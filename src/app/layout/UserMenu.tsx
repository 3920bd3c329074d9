import { MenuSection } from "react-aria-components";
import { Button } from "../../components/ui/Button.tsx";
import { Menu, MenuItem, MenuTrigger } from "../../components/ui/Menu.tsx";
import { SwitchIndicator } from "../../components/ui/Switch.tsx";
import type { SessionView } from "../../lib/session.tsx";
import { ChevronDown, OnboardingDot } from "./icons.tsx";
import * as styles from "./Navbar.css.ts";

export interface UserMenuProps {
  readonly session: SessionView;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly onToggleDemo: () => void;
  readonly onLogout: () => void;
}

const INCOGNITO = "incognito";

/**
 * The signed-in user's menu; entries follow the roles table (spec section 6).
 * Incognito is a checkable item (role menuitemcheckbox, aria-checked), drawn
 * as a switch that shows its state; the menu stays open when it flips.
 */
export function UserMenu({ session, isOpen, onOpenChange, onToggleDemo, onLogout }: UserMenuProps) {
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button variant="ghost" className={styles.navItem}>
        {session.name}
        {session.showOnboardingDot ? <OnboardingDot /> : null}
        <ChevronDown />
      </Button>
      <Menu aria-label="Menú de usuario" placement="bottom end">
        {session.isAdmin ? (
          <MenuSection
            aria-label="Modo incógnito"
            selectionMode="multiple"
            selectedKeys={session.demoMode ? [INCOGNITO] : []}
            shouldCloseOnSelect={false}
            onSelectionChange={onToggleDemo}
          >
            <MenuItem id={INCOGNITO} textValue="Modo incógnito">
              <span>Modo incógnito</span>
              <SwitchIndicator />
            </MenuItem>
          </MenuSection>
        ) : null}
        {session.isAdmin ? (
          <MenuItem id="admin" href="/admin/dashboard/kpis">
            Admin Dashboard
          </MenuItem>
        ) : null}
        {session.isSeller ? (
          <MenuItem id="mis-empresas" href="/mis-empresas" textValue="Mis empresas">
            Mis empresas
            {session.showOnboardingDot ? <OnboardingDot /> : null}
          </MenuItem>
        ) : null}
        {session.isSeller || session.isBuyer || session.isAdmin ? (
          <MenuItem id="solicitudes" href="/solicitudes">
            Solicitudes
          </MenuItem>
        ) : null}
        {session.isSeller || session.isBuyer ? (
          <MenuItem id="mi-perfil" href="/mi-perfil">
            Mi perfil
          </MenuItem>
        ) : null}
        {session.isBuyer ? (
          <MenuItem id="busquedas-guardadas" href="/busquedas-guardadas">
            Búsquedas guardadas
          </MenuItem>
        ) : null}
        <MenuItem id="logout" onAction={onLogout}>
          Cerrar sesión
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
