import { useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CatalogueItem, CataloguePath } from "../../../../contracts/catalogues.ts";
import { confidentialTextNotes } from "../../../../contracts/confidential-text.ts";
import { COMPANY_MESSAGES, CompanyContactInput, CompanyCreateRequest, CompanyUpdateRequest, type CompanyCreateResponse, type CompanyRecord } from "../../../../contracts/companies.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CheckboxGroup } from "../../../components/ui/CheckboxGroup.tsx";
import { FileField } from "../../../components/ui/FileField.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { useForm, type FormResult } from "../../../lib/form.ts";
import { fieldsOf } from "../../../lib/form-fields.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { useCreateCompany } from "../api/create-company.ts";
import {
  AMOUNT_FIELDS,
  CATALOGUES,
  MULTI,
  PERCENT_FIELDS,
  SELECTS,
  companyBodyOf,
  initialCompanyValues,
  selectLabel,
  withContactFieldErrors,
  type CompanyFormValues,
  type SelectSpec,
} from "../state/company-form-values.ts";
import { useUpdateCompany } from "../api/update-company.ts";
import { publicationNote } from "./publication-note.ts";
import * as styles from "./companies.css.ts";

/** Under the status: what choosing it does (docs/decisions/022). */
const STATUS_HINT = "Elige «Publicada» y guarda para mostrarla en el marketplace; cualquier otro estatus la retira. Avisamos al vendedor por correo.";

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

/**
 * Under a description: what the public profile will hide of it (contact
 * details, the company's names), as the server masks it
 * (contracts/confidential-text.ts, docs/decisions/030). Shown while the
 * seller types and on the saved record, so they know before and after
 * saving that their contact details stay private.
 */
function descriptionNote(text: string, values: CompanyFormValues): { readonly description?: string } {
  const notes = confidentialTextNotes(text, [values.name, values.legal_name, values.comercial_name]);
  return notes.length === 0 ? {} : { description: notes.join(" ") };
}

/** The request's schema, with the contact's messages under each of its fields (name and e-mail both required, spec section 5). */
function validateWith<A, I>(schema: Parameters<typeof validateForm<A, I>>[0], body: Record<string, unknown>): FormResult<A> {
  const result = validateForm(schema, body);
  if (result.ok) return result;
  const contact = validateForm(CompanyContactInput, body["contact"]);
  return { ok: false, errors: withContactFieldErrors(result.errors, contact.ok ? {} : contact.errors) };
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
      return creating ? validateWith(CompanyCreateRequest, body) : validateWith(CompanyUpdateRequest, body);
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

  const selectField = (select: SelectSpec) => (
    <Select
      key={select.key}
      {...form.field(select.key, { label: selectLabel(select, isAdmin), ...(select.key === "company_status_id" ? { description: STATUS_HINT } : {}) })}
      options={optionsOf(select.catalogue)}
    />
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
          <TextAreaField {...form.field("short_description", { label: "Descripción corta", ...descriptionNote(form.values.short_description, form.values) })} />
        </div>
        {SELECTS.filter((select) => select.adminOnly !== true).map(selectField)}
        {MULTI.map((multi) => (
          <div key={multi.key} className={styles.wide}>
            <CheckboxGroup {...form.field(multi.key, { label: selectLabel(multi, isAdmin) })} options={optionsOf(multi.catalogue)} layout="columns" />
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
            <TextAreaField {...form.field("long_description", { label: "Descripción larga", ...descriptionNote(form.values.long_description, form.values) })} rows={6} />
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
