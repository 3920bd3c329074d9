import { useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { Button } from "../../../components/ui/Button.tsx";
import { NativeSelect } from "../../../components/ui/NativeSelect.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { GENERIC_ERROR_MESSAGE, isApiError } from "../../../lib/api-error.ts";
import { toastError } from "../../../lib/toast.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import type * as ContactLogicModule from "./contact-logic.ts";
import type { ContactOptions, ContactValues } from "./contact-logic.ts";
import * as styles from "./marketing.css.ts";
import * as contact from "./ContactPage.css.ts";

type ContactLogic = typeof ContactLogicModule;

let logicModule: Promise<ContactLogic> | null = null;
/** The form's logic chunk (Effect, catalogues, POST), fetched once. */
const loadLogic = (): Promise<ContactLogic> => (logicModule ??= import("./contact-logic.ts"));

const FIELD_ORDER = ["name", "service_interested", "email", "phone", "referer"] as const;
type Field = (typeof FIELD_ORDER)[number];

export default function ContactPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<ContactValues>({ name: "", service_interested: null, email: "", phone: "", referer: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [options, setOptions] = useState<ContactOptions | null>(null);
  const [optionsState, setOptionsState] = useState<"idle" | "loading" | "failed">("idle");
  const [pending, setPending] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    service_interested: useRef<HTMLSelectElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    referer: useRef<HTMLSelectElement>(null),
  } satisfies Record<Field, unknown>;

  // Load the options (and the form logic) as soon as the visitor reaches for the form.
  const engage = () => {
    if (options !== null || optionsState === "loading") return;
    setOptionsState("loading");
    loadLogic()
      .then((logic) => logic.loadContactOptions(queryClient))
      .then((loaded) => {
        setOptions(loaded);
        setOptionsState("idle");
      })
      .catch(() => setOptionsState("failed"));
  };

  const set = <K extends keyof ContactValues>(key: K) => (value: ContactValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    engage();
    const logic = await loadLogic();
    const result = logic.validateContact(values);
    if ("errors" in result) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field] !== undefined);
      if (first !== undefined) refs[first].current?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await logic.createLead(result.body);
      navigate("/contacto-exito");
    } catch (error) {
      toastError(isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE);
      setPending(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="contact-title">
      <div className={contact.layout}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>Contacto</p>
          <h1 id="contact-title" className={styles.heroTitle}>
            Habla con uno de nuestros expertos
          </h1>
          <p className={styles.lead}>
            Cuéntanos qué necesitas: vender tu empresa, levantar capital, una valuación o un CFO virtual. Te respondemos en menos
            de 24 horas.
          </p>
          <ul className={styles.list}>
            <li>Sin costo y sin compromiso.</li>
            <li>Tus datos se tratan conforme a nuestra Política de privacidad.</li>
            <li>También puedes escribirnos a contacto@puente.mx.</li>
          </ul>
        </div>
        <form
          className={contact.form}
          noValidate
          aria-labelledby="contact-form-title"
          onSubmit={(event) => void onSubmit(event)}
          onFocus={engage}
          onPointerEnter={engage}
          onTouchStart={engage}
        >
          <h2 id="contact-form-title" className={contact.formTitle}>
            Déjanos tus datos
          </h2>
          <TextField label="Nombre" name="name" autoComplete="name" inputRef={refs.name} value={values.name} onChange={set("name")} errorMessage={errors["name"]} />
          <NativeSelect
            label="Servicio que te interesa"
            name="service_interested"
            selectRef={refs.service_interested}
            options={options?.services ?? []}
            isLoading={optionsState === "loading"}
            value={values.service_interested}
            onChange={set("service_interested")}
            errorMessage={errors["service_interested"]}
          />
          <TextField label="Email" name="email" type="email" autoComplete="email" inputRef={refs.email} value={values.email} onChange={set("email")} errorMessage={errors["email"]} />
          <TextField label="Teléfono" name="phone" type="tel" autoComplete="tel" inputRef={refs.phone} value={values.phone} onChange={set("phone")} errorMessage={errors["phone"]} />
          <NativeSelect
            label="¿Cómo te enteraste de nosotros?"
            name="referer"
            selectRef={refs.referer}
            options={options?.referers ?? []}
            isLoading={optionsState === "loading"}
            value={values.referer}
            onChange={set("referer")}
            errorMessage={errors["referer"]}
          />
          {optionsState === "failed" ? (
            <p role="alert" className={styles.small}>
              No pudimos cargar las opciones. Revisa tu conexión y vuelve a intentarlo.
            </p>
          ) : null}
          <Button type="submit" fullWidth isPending={pending}>
            Enviar
          </Button>
        </form>
      </div>
    </section>
  );
}
