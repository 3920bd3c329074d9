import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import {
  BUYER_LEAD_DESCRIPTION_MAX,
  BUYER_LEAD_DESCRIPTION_MIN,
  BUYER_LEAD_MAX_INDUSTRIES,
  DEAL_TYPE_LABELS,
  DEAL_TYPES,
  type BuyerLeadResponse,
} from "../../../../contracts/buyer-leads.ts";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Page } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CheckboxGroup } from "../../../components/ui/CheckboxGroup.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { RadioGroup } from "../../../components/ui/RadioGroup.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useCatalogue } from "../../../lib/api/get-catalogue.ts";
import { FORM_ERROR, useForm } from "../../../lib/form.ts";
import { useSession } from "../../../lib/session.tsx";
import { useCreateBuyerLead } from "../api/create-buyer-lead.ts";
import { dealTypeId, dealTypeOf, validateBuyerLead, valuesFromSearch, type BuyerLeadValues } from "./buyer-lead-form.ts";
import * as styles from "./BuyerLeadPage.css.ts";

export const BUYER_LEAD_TITLE = "Dime qué empresa buscas";
const LEAD = "Cuéntanos qué tipo de empresa quieres comprar o en cuál invertir. Te avisamos por correo cuando se publique una que coincida, sin revelar tus datos al vendedor.";

/** The radio group's options: the three deal types. */
const DEAL_TYPE_OPTIONS = DEAL_TYPES.map((type) => ({ id: dealTypeId(type) ?? 0, name: DEAL_TYPE_LABELS[type] }));

/** The server's refusals the buyer can act on (an option that no longer exists, too many in a row) are said above the button. */
const IN_FORM_STATUSES = new Set([400, 429]);

const LONG_DATE = new Intl.DateTimeFormat("es-MX", { dateStyle: "long" });

const matchingText = (count: number): string =>
  count === 0
    ? "Por ahora no hay empresas publicadas que coincidan."
    : count === 1
      ? "Hoy hay 1 empresa publicada que coincide con lo que buscas:"
      : `Hoy hay ${count.toLocaleString("es-MX")} empresas publicadas que coinciden con lo que buscas. Las más recientes:`;

/** What the buyer sees once the mandate is stored: the matches now, and what happens next. */
function Confirmation({ created, signedIn }: { readonly created: BuyerLeadResponse; readonly signedIn: boolean }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus the confirmation's heading, so keyboard and screen-reader users start there.
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <section className={styles.done} aria-labelledby="mandato-listo">
      <h2 id="mandato-listo" ref={titleRef} tabIndex={-1} className={styles.doneTitle}>
        ¡Listo! Ya sabemos qué empresa buscas
      </h2>
      <p>{matchingText(created.matching_listings)}</p>
      {created.matches.length > 0 ? (
        <ul className={styles.matches} aria-label="Empresas que coinciden">
          {created.matches.map((match) => (
            <li key={match.id}>
              <Link href={`/perfil-de-negocio/${match.id}`} variant="secondary">
                Ver {match.human_id}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Te escribiremos a <strong>{created.contact_email}</strong> cuando se publique una empresa nueva que coincida, hasta el{" "}
        {LONG_DATE.format(new Date(created.active_until))}. Nunca compartimos tus datos con los vendedores.
      </p>
      <div className={styles.actions}>
        <Link href="/compra-una-empresa" variant="primary">
          Ir al marketplace
        </Link>
        {signedIn ? null : (
          <Link href="/registro" variant="secondary">
            Crear mi cuenta de comprador
          </Link>
        )}
      </div>
    </section>
  );
}

/** /que-empresa-buscas: the buyer's mandate ('Dime qué empresa buscas'); the marketplace's filters may come with the link. */
export default function BuyerLeadPage() {
  const search = useSearch();
  const session = useSession();
  const create = useCreateBuyerLead();
  const industries = useCatalogue("industries");
  const states = useCatalogue("states");
  const salesRanges = useCatalogue("yearly_sales_ranges");
  const ebitdaRanges = useCatalogue("ebitda_ranges");
  const investmentSizes = useCatalogue("investment_sizes");
  const [created, setCreated] = useState<BuyerLeadResponse | null>(null);
  const signedIn = session.isSignedIn;
  const form = useForm({
    initialValues: valuesFromSearch(search),
    validate: (values: BuyerLeadValues) => validateBuyerLead(values, signedIn),
    submit: create.mutateAsync,
    mapApiError: (error) => (IN_FORM_STATUSES.has(error.status) ? { [FORM_ERROR]: error.message } : null),
    onSuccess: (answer) => setCreated(answer),
  });

  if (created !== null) {
    return (
      <Page title={BUYER_LEAD_TITLE} description={LEAD}>
        <Confirmation created={created} signedIn={signedIn} />
      </Page>
    );
  }

  return (
    <Page title={BUYER_LEAD_TITLE} description={LEAD}>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit} aria-label={BUYER_LEAD_TITLE}>
        {/* Without the catalogues the options are empty and the form cannot be sent. */}
        <QueryLoadError compact message={OPTIONS_LOAD_ERROR_MESSAGE} queries={[industries, states, salesRanges, ebitdaRanges, investmentSizes]} />
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>La empresa</legend>
          <CheckboxGroup
            {...form.field("industry_ids", { label: "Sectores", description: `Elige de 1 a ${BUYER_LEAD_MAX_INDUSTRIES}.` })}
            options={industries.data ?? []}
            layout="columns"
          />
          <CheckboxGroup
            {...form.field("state_ids", { label: "Estados", description: "Déjalo vacío si te interesa cualquier estado de México." })}
            options={states.data ?? []}
            layout="columns"
          />
        </fieldset>
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Tamaño</legend>
          <p className={styles.note}>Indica el tamaño por ventas anuales, por EBITDA o por ambos, en pesos mexicanos.</p>
          <div className={styles.pair}>
            <CheckboxGroup {...form.field("sales_range_ids", { label: "Ventas anuales" })} options={salesRanges.data ?? []} />
            <CheckboxGroup {...form.field("ebitda_range_ids", { label: "EBITDA" })} options={ebitdaRanges.data ?? []} />
          </div>
        </fieldset>
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>La operación</legend>
          <div className={styles.pair}>
            <RadioGroup
              {...form.field("deal_type", { label: "¿Qué quieres hacer?", format: dealTypeId, parse: dealTypeOf })}
              options={DEAL_TYPE_OPTIONS}
            />
            <Select
              {...form.field("investment_size_id", { label: "Ticket de inversión", description: "Cuánto piensas invertir." })}
              options={investmentSizes.data ?? []}
            />
          </div>
          <TextAreaField
            {...form.field("description", {
              label: "Describe la empresa que buscas",
              description: `Entre ${BUYER_LEAD_DESCRIPTION_MIN} y ${BUYER_LEAD_DESCRIPTION_MAX.toLocaleString("es-MX")} caracteres: modelo de negocio, clientes, etapa, lo que no te interesa.`,
            })}
            maxLength={BUYER_LEAD_DESCRIPTION_MAX}
            rows={5}
          />
        </fieldset>
        {signedIn ? (
          <p className={styles.note}>
            Te contactaremos con los datos de tu cuenta{session.email === null ? "" : ` (${session.email})`}.
          </p>
        ) : (
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>Tus datos</legend>
            <TextField {...form.field("name", { label: "Nombre" })} autoComplete="name" />
            <div className={styles.pair}>
              <TextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
              <TextField {...form.field("phone", { label: "Teléfono" })} type="tel" autoComplete="tel" inputMode="tel" />
            </div>
            <p className={styles.note}>
              Solo el equipo de Puente ve tus datos. Al enviar aceptas nuestra{" "}
              <Link href="/politica-de-privacidad" isExternal>
                política de privacidad
              </Link>{" "}
              (se abre en otra pestaña).
            </p>
          </fieldset>
        )}
        <FormAlert message={form.formError} />
        <Button type="submit" isPending={form.isSubmitting}>
          Enviar lo que busco
        </Button>
      </form>
    </Page>
  );
}
