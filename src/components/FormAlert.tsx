import * as styles from "./FormAlert.css.ts";

/**
 * A message about the whole form (e.g. wrong credentials), shown in the form
 * above its submit button rather than in a toast that fades and covers the
 * header. Inserted as an alert, so it is announced; `useForm` clears it when
 * the next request starts, so the same message is announced again.
 */
export function FormAlert({ message }: { readonly message: string | undefined }) {
  if (message === undefined || message === "") return null;
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
