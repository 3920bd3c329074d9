import { useEffect, useEffectEvent, useState } from "react";
import { SearchField } from "./ui/SearchField.tsx";

/** Spec section 9: a search is applied 1 s after typing stops (or at once on Enter). */
export const SEARCH_DEBOUNCE_MS = 1000;

export interface DebouncedSearchFieldProps {
  readonly label: string;
  readonly placeholder?: string;
  readonly maxLength?: number;
  /** The search in effect (in the URL, or the table's state). */
  readonly committed: string;
  /** Called 1 s after typing stops, on Enter, and at once when cleared. */
  readonly onCommit: (text: string) => void;
  /** The field's width where it sits (a toolbar's search). */
  readonly className?: string;
}

/** A search box with its own text, committed after a pause, on Enter or when cleared. */
export function DebouncedSearchField({ label, placeholder, maxLength, committed, onCommit, className }: DebouncedSearchFieldProps) {
  const [text, setText] = useState(committed);
  // The search changed from elsewhere (back button, a shared link): show its text.
  const [lastCommitted, setLastCommitted] = useState(committed);
  if (committed !== lastCommitted) {
    setLastCommitted(committed);
    setText(committed);
  }
  const commitLater = useEffectEvent((value: string) => onCommit(value));
  useEffect(() => {
    if (text.trim() === committed.trim()) return;
    const timer = window.setTimeout(() => commitLater(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, committed]);
  return (
    <SearchField
      label={label}
      {...(placeholder === undefined ? {} : { placeholder })}
      {...(maxLength === undefined ? {} : { maxLength })}
      {...(className === undefined ? {} : { className })}
      value={text}
      onChange={setText}
      onSubmit={(value) => onCommit(value)}
      onClear={() => onCommit("")}
    />
  );
}
