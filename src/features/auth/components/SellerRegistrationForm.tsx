import * as styles from "./LoginPage.css.ts";

/**
 * The seller sign-up form (spec section 2, "Seller registration"), composed by
 * the /vende-tu-empresa and /levanta-capital landings in `src/app`. The
 * wrapper's id lets landing buttons scroll to it. First version: the fields
 * and submit land in the next commits.
 */
export function SellerRegistrationForm() {
  return (
    <section id="registro-vendedor" className={styles.card} aria-labelledby="registro-vendedor-title">
      <h2 id="registro-vendedor-title" className={styles.title}>
        Registra tu empresa
      </h2>
    </section>
  );
}
