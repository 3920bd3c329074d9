import { useId, useRef, type FocusEvent, type KeyboardEvent } from "react";
import { Link } from "../../components/ui/Link.tsx";
import * as button from "../../components/ui/Button.css.ts";
import { ChevronDown } from "./icons.tsx";
import type { NavGroup } from "./nav-links.ts";
import * as styles from "./Navbar.css.ts";

export interface NavDropdownProps {
  readonly group: NavGroup;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

/**
 * A navbar group as a disclosure (the WAI-ARIA pattern for site navigation):
 * a button with aria-expanded that shows a list of links. Escape closes it
 * and returns focus to the button; so does moving focus out of it.
 */
export function NavDropdown({ group, isOpen, onOpenChange }: NavDropdownProps) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && isOpen) {
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (isOpen && next !== null && !event.currentTarget.contains(next)) onOpenChange(false);
  };

  return (
    <div className={styles.dropdown} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`${button.base} ${button.variant.ghost} ${styles.navItem}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => onOpenChange(!isOpen)}
      >
        {group.label}
        <ChevronDown />
      </button>
      <ul id={listId} className={styles.dropdownList} hidden={!isOpen}>
        {group.links.map((link) => (
          <li key={link.label}>
            <Link href={link.href} variant="plain" className={styles.dropdownLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
