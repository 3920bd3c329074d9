import type { Ref } from "react";
import {
  FieldError,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from "react-aria-components";
import * as styles from "./TextField.css.ts";

export interface TextAreaFieldProps
  extends Omit<AriaTextFieldProps, "className" | "style" | "children" | "isInvalid" | "validationBehavior" | "type"> {
  readonly label: string;
  readonly description?: string;
  /** Shown under the field; also marks it invalid. */
  readonly errorMessage?: string | undefined;
  readonly placeholder?: string;
  readonly rows?: number;
  readonly inputRef?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text field (descriptions, summaries). */
export function TextAreaField({ label, description, errorMessage, placeholder, rows = 4, inputRef, ...props }: TextAreaFieldProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <AriaTextField {...props} isInvalid={isInvalid} validationBehavior="aria" className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <TextArea
        ref={inputRef}
        rows={rows}
        {...(placeholder === undefined ? {} : { placeholder })}
        className={`${styles.input} ${styles.textArea}`}
      />
      {/* Always there (empty without a description): react-aria links a description only if it exists when the field mounts, and a note may appear as the person types. */}
      <Text slot="description" className={description ? styles.description : undefined}>
        {description ?? ""}
      </Text>
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
