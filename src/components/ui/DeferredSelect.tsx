import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import type { SelectOption, SelectProps } from "./Select.tsx";
import * as styles from "./Select.css.ts";

// react-aria's Select with its list box and popover (~33 kB gzip) loads when
// the visitor reaches for a dropdown (pointer over it, focus, a tap), not with
// a page most visitors only read (decision 047). It is kept once loaded (not
// React.lazy, which would suspend once more on mounting): a DeferredSelect
// mounted later (in the mobile drawer, say) is the Select from the start.
let LoadedComponent: ComponentType<SelectProps> | null = null;
const loadSelect = async (): Promise<ComponentType<SelectProps>> => {
  LoadedComponent ??= (await import("./Select.tsx")).Select;
  return LoadedComponent;
};

export interface DeferredSelectProps {
  readonly label: string;
  readonly options: ReadonlyArray<SelectOption>;
  /** The chosen option's id, or null for none. */
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
}

/**
 * The real Select, focused and opened as the stand-in was left. It opens
 * after mounting, once its trigger holds the focus: opened at mount, the
 * trigger's autofocus would take the focus from the list and close it.
 */
function LoadedSelect({ Select, focus, open, ...props }: DeferredSelectProps & { readonly Select: ComponentType<SelectProps>; readonly focus: boolean; readonly open: boolean }) {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (open) setOpen(true);
  }, [open]);
  return <Select {...props} autoFocus={focus} isOpen={isOpen} onOpenChange={setOpen} />;
}

type Phase =
  | { readonly kind: "stand-in" }
  | { readonly kind: "loaded"; readonly Select: ComponentType<SelectProps>; readonly focus: boolean; readonly open: boolean };

/** The keys that open a closed Select (react-aria's own). */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * A Select (ui/Select.tsx) for a page that is read before it is used: until
 * the real control has loaded, a button of the same look and name stands in
 * (server-rendered, so the page hydrates without it). Reaching for it loads
 * the Select; a press or an opening key made meanwhile opens it once loaded,
 * and a focused stand-in hands its focus on.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  const [phase, setPhase] = useState<Phase>(LoadedComponent === null ? { kind: "stand-in" } : { kind: "loaded", Select: LoadedComponent, focus: false, open: false });
  const wantsOpen = useRef(false);
  const loading = useRef(false);
  const pressing = useRef(false);
  const readyMidPress = useRef<ComponentType<SelectProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const valueId = useId();

  if (phase.kind === "loaded") {
    return <LoadedSelect {...props} Select={phase.Select} focus={phase.focus || phase.open} open={phase.open} />;
  }

  // Swapping the button while a pointer is down on it would split the press
  // between two elements (neither would open): a Select that loads during a
  // press waits for its end, which then opens it. The swap is rendered at
  // once (flushSync), so no pointer event falls between deciding and swapping.
  const show = (Select: ComponentType<SelectProps>) =>
    flushSync(() => setPhase({ kind: "loaded", Select, focus: document.activeElement === button.current, open: wantsOpen.current }));
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadSelect().then(
      (Select) => {
        if (pressing.current) readyMidPress.current = Select;
        else show(Select);
      },
      () => {
        // Offline or a new deployment: stay a stand-in and try again on the next reach.
        loading.current = false;
      },
    );
  };
  const open = () => {
    wantsOpen.current = true;
    load();
  };
  const endPress = (completed: boolean) => {
    if (!pressing.current) return;
    pressing.current = false;
    if (completed) wantsOpen.current = true;
    if (readyMidPress.current !== null) show(readyMidPress.current);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    open();
  };
  const chosen = props.options.find((option) => option.id === props.value);
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {props.label}
      </span>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${labelId} ${valueId}`}
        onPointerEnter={load}
        onPointerDown={() => {
          pressing.current = true;
          load();
        }}
        onPointerUp={() => endPress(true)}
        onPointerCancel={() => endPress(false)}
        onPointerLeave={() => endPress(false)}
        onFocus={load}
        onClick={open}
        onKeyDown={onKeyDown}
      >
        <span id={valueId} className={styles.value} {...(chosen === undefined ? { "data-placeholder": "" } : {})}>
          {chosen?.name ?? "Selecciona una opción"}
        </span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
    </div>
  );
}
