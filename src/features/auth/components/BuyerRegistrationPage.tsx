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
    onSuccess: () => {
      toastSuccess("Registrado con éxito");
      navigate("/gracias-comprador");
    },
  });
  const { values, set, errors } = form;

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
              <TextField label="Nombre completo" name="name" autoComplete="name" value={values.name} onChange={set("name")} errorMessage={errors["name"]} />
            </div>
            <Select
              label="¿Qué te describe mejor?"
              name="buyer_description_id"
              options={buyerDescriptions.data ?? []}
              value={values.buyer_description_id}
              onChange={set("buyer_description_id")}
              errorMessage={errors["buyer_description_id"]}
            />
            <Select
              label="Estado"
              name="state_id"
              options={states.data ?? []}
              value={values.state_id}
              onChange={set("state_id")}
              errorMessage={errors["state_id"]}
            />
            <div className={styles.wide}>
              <TextAreaField
                label="Resumen de tu tesis de inversión"
                name="investment_description_summary"
                description="Qué tipo de empresas buscas: sector, tamaño, región, etapa."
                value={values.investment_description_summary}
                onChange={set("investment_description_summary")}
                errorMessage={errors["investment_description_summary"]}
              />
            </div>
            <Select
              label="Ticket de inversión"
              name="investment_size_id"
              options={investmentSizes.data ?? []}
              value={values.investment_size_id}
              onChange={set("investment_size_id")}
              errorMessage={errors["investment_size_id"]}
            />
            <TextField
              label="Sitio web (opcional)"
              name="website"
              type="url"
              autoComplete="url"
              value={values.website}
              onChange={set("website")}
              errorMessage={errors["website"]}
            />
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Tu cuenta</legend>
            <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} errorMessage={errors["email"]} />
            <TextField
              label="Teléfono"
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              prefix="+52"
              description="10 dígitos; la lada de México (+52) ya está incluida."
              value={values.phone}
              onChange={set("phone")}
              errorMessage={errors["phone"]}
            />
            <div className={styles.wide}>
              <PasswordField
                label="Contraseña"
                name="password"
                autoComplete="new-password"
                description="Al menos 8 caracteres."
                value={values.password}
                onChange={set("password")}
                errorMessage={errors["password"]}
              />
            </div>
            <div className={styles.wide}>
              <Checkbox name="acceptTerms" isSelected={values.acceptTerms} onChange={set("acceptTerms")} errorMessage={errors["acceptTerms"]}>
                Acepto los términos y condiciones y la política de privacidad de Puente.
              </Checkbox>
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
      </section>
    </div>
  );
}
