import { useState } from "react";
import { CONTACT_PAGE } from "../../../../content/contact.ts";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { LoadError, OPTIONS_LOAD_ERROR_MESSAGE } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { NativeSelect } from "../../../components/ui/NativeSelect.tsx";
import { NativeTextField } from "../../../components/ui/NativeTextField.tsx";
import { useForm } from "../../../lib/form.ts";
import type * as ContactLogicModule from "./contact-logic.ts";
import type { ContactOptions, ContactValues } from "./contact-logic.ts";
import * as styles from "./marketing.css.ts";
import * as contact from "./ContactPage.css.ts";

type ContactLogic = typeof ContactLogicModule;

let logicModule: Promise<ContactLogic> | null = null;
/** The form's logic chunk (Effect, catalogues, POST), fetched once; a failed load is tried again next time. */
const loadLogic = (): Promise<ContactLogic> =>
  (logicModule ??= import("./contact-logic.ts").catch((error: unknown) => {
    logicModule = null;
    throw error;
  }));

const EMPTY: ContactValues = { name: "", service_interested: null, email: "", phone: "", referer: null };

export default function ContactPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [options, setOptions] = useState<ContactOptions | null>(null);
  const [optionsState, setOptionsState] = useState<"idle" | "loading" | "failed">("idle");
  // The scaffold's validation and POST come from the lazily loaded logic, so
  // Effect stays off this public page's first load (docs/decisions/005).
  const form = useForm({
    initialValues: EMPTY,
    validate: async (values: ContactValues) => (await loadLogic()).validateContact(values),
    submit: async (body) => (await loadLogic()).createLead(body),
    onSuccess: () => navigate("/contacto-exito"),
  });
  // Load the options (and the form logic) as soon as the visitor reaches for the form.
  const loadOptions = (force: boolean) => {
    if (options !== null || optionsState === "loading" || (optionsState === "failed" && !force)) return;
    setOptionsState("loading");
    loadLogic()
      .then((logic) => logic.loadContactOptions(queryClient))
      .then((loaded) => {
        setOptions(loaded);
        setOptionsState("idle");
      })
      .catch(() => setOptionsState("failed"));
  };
  const engage = () => loadOptions(false);

  return (
    <section className={styles.section} aria-labelledby="contact-title">
      <div className={contact.layout}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{CONTACT_PAGE.page}</p>
          <h1 id="contact-title" className={styles.heroTitle}>
            {CONTACT_PAGE.heading}
          </h1>
          <p className={styles.lead}>{CONTACT_PAGE.lead}</p>
          <ul className={styles.list}>
            {CONTACT_PAGE.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <form
          ref={form.formRef}
          className={contact.form}
          noValidate
          aria-labelledby="contact-form-title"
          onSubmit={(event) => {
            loadOptions(true);
            form.onSubmit(event);
          }}
          onFocus={engage}
          onPointerEnter={engage}
          onTouchStart={engage}
        >
          <h2 id="contact-form-title" className={contact.formTitle}>
            Déjanos tus datos
          </h2>
          <NativeTextField {...form.field("name", { label: "Nombre" })} autoComplete="name" />
          <NativeSelect
            {...form.field("service_interested", { label: "Servicio que te interesa" })}
            options={options?.services ?? []}
            isLoading={optionsState === "loading"}
          />
          <NativeTextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
          <NativeTextField {...form.field("phone", { label: "Teléfono" })} type="tel" autoComplete="tel" />
          <NativeSelect
            {...form.field("referer", { label: "¿Cómo te enteraste de nosotros?" })}
            options={options?.referers ?? []}
            isLoading={optionsState === "loading"}
          />
          {optionsState === "failed" ? <LoadError compact message={OPTIONS_LOAD_ERROR_MESSAGE} onRetry={() => loadOptions(true)} /> : null}
          <Button type="submit" fullWidth isPending={form.isSubmitting}>
            Enviar
          </Button>
        </form>
      </div>
    </section>
  );
}
