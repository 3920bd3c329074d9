import { useState } from "react";
import { Button as AriaButton } from "react-aria-components";
import { TextField, type TextFieldProps } from "./TextField.tsx";
import * as styles from "./PasswordField.css.ts";

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "endAdornment">;

function EyeIcon({ crossed }: { readonly crossed: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

/** A text field for secrets with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <AriaButton
          className={styles.toggle}
          aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
          onPress={() => setVisible((value) => !value)}
        >
          <EyeIcon crossed={visible} />
        </AriaButton>
      }
    />
  );
}
