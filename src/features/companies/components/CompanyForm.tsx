import { useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CatalogueItem, CataloguePath } from "../../../../contracts/catalogues.ts";
import { COMPANY_MESSAGES, CompanyCreateRequest, CompanyUpdateRequest, type CompanyCreateResponse, type CompanyRecord } from "../../../../contracts/companies.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CheckboxGroup } from "../../../components/ui/CheckboxGroup.tsx";
import { FileField } from "../../../components/ui/FileField.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { formatAmount, parseAmountInput } from "../../../lib/amount-input.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { useForm, type FormResult } from "../../../lib/form.ts";
import { fieldsOf } from "../../../lib/form-fields.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { useCreateCompany } from "../api/create-company.ts";
import { useUpdateCompany } from "../api/update-company.ts";
import { publicationNote } from "./publication-note.ts";
import * as styles from "./companies.css.ts";

/** Under the status: what choosing it does (docs/decisions/022). */
const STATUS_HINT = "Elige «Publicada» y guarda para mostrarla en el marketplace; cualquier otro estatus la retira. Avisamos al vendedor por correo.";

/** Catalogue ids are part of the contract (docs/decisions/003): 1 is México, 'Created' and 'Pendiente' (spec section 4's defaults). */
const MEXICO_COUNTRY_ID = 1;
const CREATED_STATUS_ID = 1;
const PENDING_VERIFICATION_ID = 1;
/** Spec section 2: the company image accepts JPEG or PNG. */
export const PICTURE_TYPES = ["image/jpeg", "image/png"] as const;
export const PICTURE_TYPE_MESSAGE = "La imagen debe ser JPG o PNG.";

/** The preview's alt texts: the picture just chosen (uploaded on save), or the one the company has. */
export const PICTURE_ALT = {
  chosen: "Vista previa de la imagen elegida para la empresa",
  current: "Imagen actual de la empresa",
} as const;

/** An object URL for the chosen file while it is chosen (revoked when it changes or the form goes). */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

type SelectKey =
  | "company_type_id"
  | "state_id"
  | "country_id"
  | "ebitda_range_id"
  | "yearly_sales_range_id"
  | "user_company_role_id"
  | "society_id"
  | "tax_system_id"
  | "company_status_id"
  | "verification_level_id";

type TextKey =
  | "name"
  | "website"
  | "foundation_date"
  | "headcount"
  | "short_description"
  | "legal_name"
  | "comercial_name"
  | "contact_name"
  | "contact_email"
  | "contact_phone"
  | "long_description"
  | "ebitda"
  | "ebitda_margin"
  | "yearly_sales"
  | "funding_round"
  | "average_yearly_growth";

export type CompanyFormValues = Record<TextKey, string> & Record<SelectKey, number | null> & {
  readonly industry_ids: ReadonlyArray<number>;
  readonly interest_ids: ReadonlyArray<number>;
};

interface SelectSpec {
  readonly key: SelectKey;
  readonly label: string;
  readonly catalogue: CataloguePath;
  readonly adminOnly?: boolean;
}

const SELECTS: ReadonlyArray<SelectSpec> = [
  { key: "company_type_id", label: "Tipo de empresa", catalogue: "company_types" },
  { key: "state_id", label: "Estado", catalogue: "states" },
  { key: "country_id", label: "País", catalogue: "countries" },
  { key: "user_company_role_id", label: "Tu rol en la empresa", catalogue: "user_company_roles" },
  { key: "ebitda_range_id", label: "Rango de EBITDA anual", catalogue: "ebitda_ranges" },
  { key: "yearly_sales_range_id", label: "Rango de ventas anuales", catalogue: "yearly_sales_ranges" },
  { key: "society_id", label: "Tipo de sociedad", catalogue: "societies" },
  { key: "tax_system_id", label: "Régimen fiscal", catalogue: "tax-systems" },
  { key: "company_status_id", label: "Estatus", catalogue: "company_statuses", adminOnly: true },
  { key: "verification_level_id", label: "Nivel de verificación", catalogue: "verification_levels", adminOnly: true },
];

const MULTI = [
  { key: "industry_ids", label: "Industrias", catalogue: "industries" },
  { key: "interest_ids", label: "¿Qué te interesa?", catalogue: "interests" },
] as const satisfies ReadonlyArray<{ key: "industry_ids" | "interest_ids"; label: string; catalogue: CataloguePath }>;

const CATALOGUES: ReadonlyArray<CataloguePath> = [...SELECTS.map((select) => select.catalogue), ...MULTI.map((multi) => multi.catalogue)];

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/** The amounts an admin edits, shown in the currency format (spec section 5); the funding round is labelled USD with the same format. */
const AMOUNT_FIELDS = [
  { key: "ebitda", label: "EBITDA (MXN)" },
  { key: "yearly_sales", label: "Ventas anuales (MXN)" },
  { key: "funding_round", label: "Ronda de inversión (USD)" },
] as const satisfies ReadonlyArray<{ key: TextKey; label: string }>;

const PERCENT_FIELDS = [
  { key: "ebitda_margin", label: "Margen de EBITDA" },
  { key: "average_yearly_growth", label: "Crecimiento anual promedio, 3 años" },
] as const satisfies ReadonlyArray<{ key: TextKey; label: string }>;

/** Who the contact of a new company is: the signed-in seller; nobody yet when an admin registers a company for someone. */
export type ContactPrefill = { readonly name: string | null; readonly email: string | null; readonly phone: string | null } | null;

/** The form's starting values: the record when editing, else empty with `contact` (the seller's own account) as contact. */
export function initialCompanyValues(record: CompanyRecord | null, contact: ContactPrefill): CompanyFormValues {
  return {
    name: text(record?.name),
    website: text(record?.website),
    foundation_date: text(record?.foundation_date),
    headcount: text(record?.headcount),
    short_description: text(record?.short_description),
    legal_name: text(record?.legal_name),
    comercial_name: text(record?.comercial_name),
    contact_name: text(record === null ? contact?.name : record.contact.name),
    contact_email: text(record === null ? contact?.email : record.contact.email),
    contact_phone: text(record === null ? contact?.phone : record.contact.phone),
    long_description: text(record?.long_description),
    ebitda: formatAmount(record?.ebitda),
    ebitda_margin: text(record?.ebitda_margin),
    yearly_sales: formatAmount(record?.yearly_sales),
    funding_round: formatAmount(record?.funding_round),
    average_yearly_growth: text(record?.average_yearly_growth),
    company_type_id: record?.company_type_id ?? null,
    state_id: record?.state_id ?? null,
    country_id: record === null ? MEXICO_COUNTRY_ID : record.country_id,
    ebitda_range_id: record?.ebitda_range_id ?? null,
    yearly_sales_range_id: record?.yearly_sales_range_id ?? null,
    user_company_role_id: record?.user_company_role_id ?? null,
    society_id: record?.society_id ?? null,
    tax_system_id: record?.tax_system_id ?? null,
    company_status_id: record === null ? CREATED_STATUS_ID : record.company_status_id,
    verification_level_id: record === null ? PENDING_VERIFICATION_ID : record.verification_level_id,
    industry_ids: record?.industry_ids ?? [],
    interest_ids: record?.interest_ids ?? [],
  };
}

/** Typed text to a number: blank is null, anything else must read as a number (the schema says what is wrong). */
const numberOrNull = parseAmountInput;
const textOrNull = (value: string): string | null => (value.trim() === "" ? null : value);

/** The wire body from the values: seller fields always, admin-only fields for admins, the contact when it may be sent. */
export function companyBodyOf(values: CompanyFormValues, options: { readonly isAdmin: boolean; readonly sendContact: boolean }) {
  const body: Record<string, unknown> = {
    name: values.name,
    website: textOrNull(values.website),
    foundation_date: numberOrNull(values.foundation_date),
    headcount: numberOrNull(values.headcount),
    short_description: textOrNull(values.short_description),
    legal_name: textOrNull(values.legal_name),
    comercial_name: textOrNull(values.comercial_name),
    industry_ids: values.industry_ids,
    interest_ids: values.interest_ids,
    company_type_id: values.company_type_id,
    state_id: values.state_id,
    country_id: values.country_id,
    ebitda_range_id: values.ebitda_range_id,
    yearly_sales_range_id: values.yearly_sales_range_id,
    user_company_role_id: values.user_company_role_id,
    society_id: values.society_id,
    tax_system_id: values.tax_system_id,
  };
  if (options.sendContact) body["contact"] = { name: values.contact_name, email: values.contact_email.trim().toLowerCase(), phone: textOrNull(values.contact_phone) };
  if (options.isAdmin) {
    if (values.company_status_id !== null) body["company_status_id"] = values.company_status_id;
    if (values.verification_level_id !== null) body["verification_level_id"] = values.verification_level_id;
    body["long_description"] = textOrNull(values.long_description);
    body["ebitda"] = numberOrNull(values.ebitda);
    body["ebitda_margin"] = numberOrNull(values.ebitda_margin);
    body["yearly_sales"] = numberOrNull(values.yearly_sales);
    body["funding_round"] = numberOrNull(values.funding_round);
    body["average_yearly_growth"] = numberOrNull(values.average_yearly_growth);
  }
  return body;
}

/** The contact's messages belong under its fields (the schema reports them on `contact`). */
function withContactErrors(errors: FieldErrors, values: CompanyFormValues): FieldErrors {
  const { contact, ...rest } = errors;
  if (contact === undefined) return errors;
  return values.contact_name.trim() === "" ? { ...rest, contact_name: contact } : { ...rest, contact_email: contact };
}

function validateWith<A, I>(schema: Parameters<typeof validateForm<A, I>>[0], values: CompanyFormValues, body: Record<string, unknown>): FormResult<A> {
  const result = validateForm(schema, body);
  return result.ok ? result : { ok: false, errors: withContactErrors(result.errors, values) };
}

export interface CompanyFormProps {
  /** Editing this record; null to create a company. */
  readonly record: CompanyRecord | null;
  /**
   * After the company was created or saved (its toast shown), with the
   * picture chosen, if any: the route uploads it and navigates. The submit
   * button stays busy until it settles.
   */
  readonly onSaved: (record: CompanyRecord | CompanyCreateResponse, picture: File | null) => Promise<void> | void;
}

/**
 * The company form (spec sections 2, 3, 5 and 6): the public information a
 * seller edits, plus the admin-only fields for admins. Validation runs on
 * submit with the contract's schema; the server checks everything again.
 */
export function CompanyForm({ record, onSaved }: CompanyFormProps) {
  const session = useSession();
  const isAdmin = session.isAdmin;
  const creating = record === null;
  // Spec section 5: on create by a seller the contact is their own account; on edit it is locked (admins may change it).
  const contactLocked = !isAdmin;
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>(undefined);
  const chosenUrl = usePreviewUrl(picture);
  const previewUrl = chosenUrl ?? record?.picture_url ?? null;
  const catalogues = useQueries({ queries: CATALOGUES.map((path) => catalogueQueryOptions(path)) });
  const optionsOf = (path: CataloguePath): ReadonlyArray<CatalogueItem> => catalogues[CATALOGUES.indexOf(path)]?.data ?? [];

  const form = useForm({
    initialValues: initialCompanyValues(record, isAdmin ? null : session),
    validate: (values: CompanyFormValues) => {
      const body = companyBodyOf(values, { isAdmin, sendContact: creating || isAdmin });
      return creating ? validateWith(CompanyCreateRequest, values, body) : validateWith(CompanyUpdateRequest, values, body);
    },
    submit: async (body: CompanyCreateRequest | CompanyUpdateRequest) => {
      const saved =
        record === null
          ? // Validated with CompanyCreateRequest when creating (see validate).
            await createCompany.mutateAsync(body as CompanyCreateRequest)
          : await updateCompany.mutateAsync({ id: record.id, body });
      toastSuccess(record === null ? COMPANY_MESSAGES.created : COMPANY_MESSAGES.updated);
      await onSaved(saved, picture);
      return saved;
    },
  });
  const choosePicture = (file: File | null) => {
    if (file !== null && !(PICTURE_TYPES as ReadonlyArray<string>).includes(file.type)) {
      setPicture(null);
      setPictureError(PICTURE_TYPE_MESSAGE);
      return;
    }
    setPictureError(undefined);
    setPicture(file);
  };

  // The picture is uploaded after the save (see `onSaved`), so it is kept beside the form, with its own message.
  const pictureFields = fieldsOf({
    values: { picture },
    errors: { picture: pictureError },
    change: (_key, file) => choosePicture(file),
  });

  const selectField = ({ key, label, catalogue }: SelectSpec) => (
    <Select key={key} {...form.field(key, { label, ...(key === "company_status_id" ? { description: STATUS_HINT } : {}) })} options={optionsOf(catalogue)} />
  );

  return (
    <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
      <QueryLoadError compact message={OPTIONS_LOAD_ERROR_MESSAGE} queries={catalogues} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Datos generales</legend>
        <TextField {...form.field("name", { label: "Nombre de la empresa" })} autoComplete="organization" isRequired />
        <TextField {...form.field("website", { label: "Página web" })} type="url" autoComplete="url" />
        <TextField {...form.field("foundation_date", { label: "Año de fundación" })} inputMode="numeric" placeholder="2000" />
        <TextField {...form.field("headcount", { label: "Número de colaboradores" })} inputMode="numeric" />
        <TextField {...form.field("legal_name", { label: "Razón social" })} />
        <TextField {...form.field("comercial_name", { label: "Nombre comercial" })} />
        <div className={styles.wide}>
          <TextAreaField {...form.field("short_description", { label: "Descripción corta" })} />
        </div>
        {SELECTS.filter((select) => select.adminOnly !== true).map(selectField)}
        {MULTI.map((multi) => (
          <div key={multi.key} className={styles.wide}>
            <CheckboxGroup {...form.field(multi.key, { label: multi.label })} options={optionsOf(multi.catalogue)} layout="columns" />
          </div>
        ))}
        <div className={styles.wide}>
          <FileField
            {...pictureFields.file("picture", {
              label: "Imagen de la empresa (JPG o PNG)",
              ...(record?.picture_url ? { description: "Ya tiene una imagen; elige otra para reemplazarla." } : {}),
            })}
            accept="image/jpeg,image/png"
          />
          {previewUrl === null ? null : (
            <img className={styles.picturePreview} src={previewUrl} alt={chosenUrl === null ? PICTURE_ALT.current : PICTURE_ALT.chosen} />
          )}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Contacto</legend>
        <TextField {...form.field("contact_name", { label: "Nombre del contacto" })} autoComplete="name" isReadOnly={contactLocked} isRequired />
        <TextField {...form.field("contact_email", { label: "Email del contacto" })} type="email" autoComplete="email" isReadOnly={contactLocked} isRequired />
        <TextField {...form.field("contact_phone", { label: "Teléfono del contacto" })} type="tel" autoComplete="tel" isReadOnly={contactLocked} />
        {contactLocked ? <p className={`${styles.muted} ${styles.wide}`}>El contacto es tu cuenta y no se puede cambiar aquí.</p> : null}
      </fieldset>

      {isAdmin ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Solo administradores</legend>
          <p className={`${styles.wide} ${styles.publication}`}>{publicationNote(record?.is_published ?? null, form.values.company_status_id)}</p>
          {SELECTS.filter((select) => select.adminOnly === true).map(selectField)}
          {AMOUNT_FIELDS.map(({ key, label }) => (
            <TextField key={key} {...form.money(key, { label })} />
          ))}
          {PERCENT_FIELDS.map(({ key, label }) => (
            <TextField key={key} {...form.percent(key, { label: `${label} (%)` })} />
          ))}
          <div className={styles.wide}>
            <TextAreaField {...form.field("long_description", { label: "Descripción larga" })} rows={6} />
          </div>
        </fieldset>
      ) : null}

      <div className={styles.actions}>
        <Button type="submit" isPending={form.isSubmitting}>
          {creating ? "Crear" : "Guardar"}
        </Button>
      </div>
    </form>
  );
}
