import type { ReactNode, Ref } from "react";
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from "react-aria-components";
import * as styles from "./TextField.css.ts";

export interface TextFieldProps
  extends Omit<AriaTextFieldProps, "className" | "style" | "children" | "isInvalid" | "validationBehavior"> {
  readonly label: string;
  readonly description?: string;
  /** Shown under the field; also marks the input invalid. */
  readonly errorMessage?: string | undefined;
  readonly placeholder?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Rendered inside the input box, at its end (e.g. a show/hide button). */
  readonly endAdornment?: ReactNode;
  /** Fixed text before the input, not part of the value (e.g. the "+52" phone prefix). */
  readonly prefix?: string;
  /** Fixed text after the input, not part of the value (e.g. "%"); say it in the label too. */
  readonly suffix?: string;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  endAdornment,
  prefix,
  suffix,
  ...props
}: TextFieldProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== "";
  return (
    <AriaTextField {...props} isInvalid={isInvalid} validationBehavior="aria" className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <div className={styles.control}>
        {prefix ? (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <Input
          ref={inputRef}
          {...(placeholder === undefined ? {} : { placeholder })}
          className={[styles.input, endAdornment ? styles.inputWithAdornment : "", prefix ? styles.inputWithPrefix : "", suffix ? styles.inputWithSuffix : ""]
            .filter(Boolean)
            .join(" ")}
        />
        {suffix ? (
          <span className={styles.suffix} aria-hidden="true">
            {suffix}
          </span>
        ) : null}
        {endAdornment ? <span className={styles.adornment}>{endAdornment}</span> : null}
      </div>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
