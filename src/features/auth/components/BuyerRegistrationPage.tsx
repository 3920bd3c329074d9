import { useLocation } from "wouter";
import { BuyerRegistrationForm, buyerRequestFromForm } from "../../../../contracts/registration.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useCatalogue } from "../../../lib/api/get-catalogue.ts";
import { useForm } from "../../../lib/form.ts";
import { registrationFieldErrors } from "./registration-errors.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { useCreateBuyer } from "../api/create-buyer.ts";
import * as styles from "./RegistrationForm.css.ts";

interface BuyerValues {
  name: string;
  buyer_description_id: number | null;
  state_id: number | null;
  investment_description_summary: string;
  investment_size_id: number | null;
  email: string;
  phone: string;
  password: string;
  website: string;
  acceptTerms: boolean;
}

const EMPTY: BuyerValues = {
  name: "",
  buyer_description_id: null,
  state_id: null,
  investment_description_summary: "",
  investment_size_id: null,
  email: "",
  phone: "",
  password: "",
  website: "",
  acceptTerms: false,
};

/** /registro: buyer and investor sign-up; success goes to /gracias-comprador. */
export default function BuyerRegistrationPage() {
  const [, navigate] = useLocation();
  const createBuyer = useCreateBuyer();
  const buyerDescriptions = useCatalogue("buyer_descriptions");
  const states = useCatalogue("states");
  const investmentSizes = useCatalogue("investment_sizes");
  const form = useForm({
    initialValues: EMPTY,
    // The e-mail is trimmed and lowercased on submit (spec section 5).
    validate: (values: BuyerValues) => validateForm(BuyerRegistrationForm, { ...values, email: values.email.trim().toLowerCase() }),
    submit: (value) => createBuyer.mutateAsync(buyerRequestFromForm(value)),
    mapApiError: registrationFieldErrors,
    onSuccess: () => {
      toastSuccess("Registrado con éxito");
      navigate("/gracias-comprador");
    },
  });

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="registro-comprador-title">
        <header className={styles.header}>
          <h1 id="registro-comprador-title" className={styles.title}>
            Regístrate como comprador o inversionista
          </h1>
          <p className={styles.lead}>Crea tu cuenta para explorar empresas verificadas en México y contactar a sus dueños.</p>
        </header>
        <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
          {/* Without the catalogues the dropdowns are empty and the form cannot be sent. */}
          <QueryLoadError compact message={OPTIONS_LOAD_ERROR_MESSAGE} queries={[buyerDescriptions, states, investmentSizes]} />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Tu perfil de inversión</legend>
            <div className={styles.wide}>
              <TextField {...form.field("name", { label: "Nombre completo" })} autoComplete="name" />
            </div>
            <Select {...form.field("buyer_description_id", { label: "¿Qué te describe mejor?" })} options={buyerDescriptions.data ?? []} />
            <Select {...form.field("state_id", { label: "Estado" })} options={states.data ?? []} />
            <div className={styles.wide}>
              <TextAreaField
                {...form.field("investment_description_summary", {
                  label: "Resumen de tu tesis de inversión",
                  description: "Qué tipo de empresas buscas: sector, tamaño, región, etapa.",
                })}
              />
            </div>
            <Select {...form.field("investment_size_id", { label: "Ticket de inversión" })} options={investmentSizes.data ?? []} />
            <TextField {...form.field("website", { label: "Sitio web (opcional)" })} type="url" autoComplete="url" />
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Tu cuenta</legend>
            <TextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
            <TextField
              {...form.field("phone", { label: "Teléfono", description: "10 dígitos; la lada de México (+52) ya está incluida." })}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              prefix="+52"
            />
            <div className={styles.wide}>
              <PasswordField {...form.field("password", { label: "Contraseña", description: "Al menos 8 caracteres." })} autoComplete="new-password" />
            </div>
            <div className={styles.wide}>
              <Checkbox {...form.checkbox("acceptTerms", { label: "Acepto los términos y condiciones y la política de privacidad de Puente." })} />
              {/* Outside the label (a click there would toggle the box); a new tab keeps the form filled. */}
              <p className={styles.note}>
                Lee los{" "}
                <Link href="/terminos-y-condiciones" isExternal>
                  términos y condiciones
                </Link>{" "}
                y la{" "}
                <Link href="/politica-de-privacidad" isExternal>
                  política de privacidad
                </Link>{" "}
                (se abren en otra pestaña).
              </p>
            </div>
          </fieldset>
          <Button type="submit" fullWidth isPending={form.isSubmitting}>
            Crear cuenta
          </Button>
        </form>
        <p className={styles.footer}>
          <Link href="/iniciar-sesion">¿Ya tienes cuenta? Inicia sesión</Link>
          {" · "}
          <Link href="/vende-tu-empresa">¿Quieres vender tu empresa?</Link>
        </p>
        {/* The buyer mandates (decision 033): say what you look for without an account yet. */}
        <p className={styles.footer}>
          <Link href="/que-empresa-buscas">¿Aún sin cuenta? Dime qué empresa buscas y te avisamos cuando se publique</Link>
        </p>
      </section>
    </div>
  );
}
