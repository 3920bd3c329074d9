import { useQueries } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { CataloguePath } from "../../../../contracts/catalogues.ts";
import { confidentialTextNotes } from "../../../../contracts/confidential-text.ts";
import { SellerRegistrationForm as SellerForm, sellerRequestFromForm } from "../../../../contracts/registration.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { useForm } from "../../../lib/form.ts";
import { registrationFieldErrors } from "./registration-errors.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { useCreateSeller } from "../api/create-seller.ts";
import * as styles from "./RegistrationForm.css.ts";

const SHORT_DESCRIPTION_HINT = "Qué hace tu empresa, en una o dos frases. No incluyas el nombre: el perfil es confidencial.";

/** Catalogue ids are part of the contract (docs/decisions/003): 1 is México. */
const MEXICO_COUNTRY_ID = 1;

type SelectKey =
  | "industry_id"
  | "company_type_id"
  | "state_id"
  | "country_id"
  | "interest_id"
  | "user_company_role_id"
  | "ebitda_range_id"
  | "sales_range_id";

type TextKey = "email" | "password" | "phone" | "username" | "companyname" | "website" | "foundation_date" | "headcount" | "short_description";

type SellerValues = Record<TextKey, string> & Record<SelectKey, number | null>;

const EMPTY: SellerValues = {
  email: "",
  password: "",
  phone: "",
  username: "",
  companyname: "",
  website: "",
  foundation_date: "",
  headcount: "",
  short_description: "",
  industry_id: null,
  company_type_id: null,
  state_id: null,
  country_id: MEXICO_COUNTRY_ID,
  interest_id: null,
  user_company_role_id: null,
  ebitda_range_id: null,
  sales_range_id: null,
};

const SELECTS: ReadonlyArray<{ key: SelectKey; label: string; catalogue: CataloguePath }> = [
  { key: "industry_id", label: "Industria", catalogue: "industries" },
  { key: "company_type_id", label: "Tipo de empresa", catalogue: "company_types" },
  { key: "state_id", label: "Estado", catalogue: "states" },
  { key: "country_id", label: "País", catalogue: "countries" },
  { key: "interest_id", label: "¿Qué te interesa?", catalogue: "interests" },
  { key: "user_company_role_id", label: "Tu rol en la empresa", catalogue: "user_company_roles" },
  { key: "ebitda_range_id", label: "Rango de EBITDA anual", catalogue: "ebitda_ranges" },
  { key: "sales_range_id", label: "Rango de ventas anuales", catalogue: "yearly_sales_ranges" },
];

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);

/**
 * The seller sign-up form (spec section 2): the account and the first
 * company, created together. Landing pages compose it (src/app); the
 * wrapper's id lets their buttons scroll to it. Success goes to
 * /gracias-vendedor.
 */
export function SellerRegistrationForm() {
  const [, navigate] = useLocation();
  const createSeller = useCreateSeller();
  // The eight dropdowns' catalogues, together: one message and one retry if any fails.
  const catalogues = useQueries({ queries: SELECTS.map((select) => catalogueQueryOptions(select.catalogue)) });
  const form = useForm({
    initialValues: EMPTY,
    validate: (values: SellerValues) => validateForm(SellerForm, { ...values, email: values.email.trim().toLowerCase() }),
    submit: (value) => createSeller.mutateAsync(sellerRequestFromForm(value)),
    mapApiError: registrationFieldErrors,
    onSuccess: () => {
      toastSuccess("Empresa registrada con éxito");
      navigate("/gracias-vendedor");
    },
  });

  return (
    <section id="registro-vendedor" className={styles.card} aria-labelledby="registro-vendedor-title">
      <header className={styles.header}>
        <h2 id="registro-vendedor-title" className={styles.title}>
          Registra tu empresa
        </h2>
        <p className={styles.lead}>
          Crea tu cuenta y el perfil de tu empresa. Lo revisamos antes de compartirlo con compradores verificados.
        </p>
      </header>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <QueryLoadError compact message={OPTIONS_LOAD_ERROR_MESSAGE} queries={catalogues} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Tus datos</legend>
          <TextField {...form.field("username", { label: "Nombre" })} autoComplete="name" />
          {/* Lowercased as typed (spec section 5). */}
          <TextField {...form.field("email", { label: "Email", parse: (typed) => typed.toLowerCase() })} type="email" autoComplete="email" />
          <TextField {...form.field("phone", { label: "Teléfono" })} type="tel" autoComplete="tel" inputMode="tel" />
          <PasswordField {...form.field("password", { label: "Contraseña", description: "Al menos 8 caracteres." })} autoComplete="new-password" />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Tu empresa</legend>
          <TextField {...form.field("companyname", { label: "Nombre de la empresa" })} autoComplete="organization" />
          <TextField {...form.field("website", { label: "Página web" })} type="url" autoComplete="url" />
          <TextField
            {...form.field("foundation_date", { label: "Año de fundación", parse: (typed) => digitsOnly(typed, 4) })}
            inputMode="numeric"
            placeholder="2000"
          />
          <TextField {...form.field("headcount", { label: "Número de colaboradores", parse: (typed) => digitsOnly(typed, 8) })} inputMode="numeric" />
          <div className={styles.wide}>
            <TextAreaField
              {...form.field("short_description", {
                label: "Descripción corta",
                description: [SHORT_DESCRIPTION_HINT, ...confidentialTextNotes(form.values.short_description, [form.values.companyname])].join(" "),
              })}
              rows={3}
            />
          </div>
          {SELECTS.map((select, index) => (
            <Select key={select.key} {...form.field(select.key, { label: select.label })} options={catalogues[index]?.data ?? []} />
          ))}
        </fieldset>
        <p className={styles.footer}>
          Al registrarte aceptas los <Link href="/terminos-y-condiciones">términos y condiciones</Link> y la{" "}
          <Link href="/politica-de-privacidad">política de privacidad</Link>.
        </p>
        <Button type="submit" fullWidth isPending={form.isSubmitting}>
          Registrar empresa
        </Button>
      </form>
      <p className={styles.footer}>
        <Link href="/iniciar-sesion">¿Ya tienes cuenta? Inicia sesión</Link>
      </p>
    </section>
  );
}
