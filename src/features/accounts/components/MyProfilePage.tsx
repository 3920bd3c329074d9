import type { ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { ChangePasswordRequest, UpdateProfileRequest } from "../../../../contracts/accounts.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { TabPanel, Tabs } from "../../../components/ui/Tabs.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useForm } from "../../../lib/form.ts";
import { schemaValidator } from "../../../lib/form-schema.ts";
import { useSession, useSessionSend } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { useChangePassword } from "../api/change-password.ts";
import { useUpdateProfile } from "../api/update-profile.ts";
import { EmailVerificationSection } from "./EmailVerificationSection.tsx";
import * as styles from "./MyProfilePage.css.ts";

type TabId = "mi-perfil" | "configuracion";
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: "mi-perfil", label: "Mi perfil" },
  { id: "configuracion", label: "Configuración" },
];

const validateProfile = schemaValidator(UpdateProfileRequest);
const validatePasswordChange = schemaValidator(ChangePasswordRequest);

function ProfileForm() {
  const session = useSession();
  const send = useSessionSend();
  const update = useUpdateProfile();
  const form = useForm({
    // The e-mail is shown, read-only; the contract's schema leaves it out of the request.
    initialValues: { email: session.email ?? "", name: session.name ?? "", phone: session.phone ?? "" },
    validate: validateProfile,
    submit: update.mutateAsync,
    onSuccess: (profile, _body, { setValues }) => {
      // The navbar and the rest of the app show the new name at once.
      send({ type: "session.profileUpdated", name: profile.name, phone: profile.phone });
      setValues((current) => ({ ...current, name: profile.name, phone: profile.phone ?? "" }));
      toastSuccess("Datos actualizados correctamente");
    },
  });

  return (
    <section className={styles.section} aria-labelledby="perfil-datos-title">
      <h2 id="perfil-datos-title" className={styles.sectionTitle}>
        Tus datos
      </h2>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <TextField {...form.field("email", { label: "Email", description: "Tu email no se puede cambiar." })} type="email" isReadOnly />
        <TextField {...form.field("name", { label: "Nombre" })} autoComplete="name" />
        <TextField {...form.field("phone", { label: "Teléfono" })} type="tel" autoComplete="tel" />
        <Button type="submit" isPending={form.isSubmitting} className={styles.submit}>
          Guardar cambios
        </Button>
      </form>
    </section>
  );
}

const NO_PASSWORDS = { current_password: "", new_password: "", password_confirmation: "" };

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: NO_PASSWORDS,
    validate: validatePasswordChange,
    submit: change.mutateAsync,
    onSuccess: (_result, _body, { setValues }) => {
      setValues(NO_PASSWORDS);
      toastSuccess("Contraseña actualizada con éxito");
    },
  });
  return (
    <section className={styles.section} aria-labelledby="perfil-contrasena-title">
      <h2 id="perfil-contrasena-title" className={styles.sectionTitle}>
        Cambiar contraseña
      </h2>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <PasswordField {...form.field("current_password", { label: "Contraseña actual" })} autoComplete="current-password" />
        <PasswordField {...form.field("new_password", { label: "Nueva contraseña", description: "Al menos 8 caracteres." })} autoComplete="new-password" />
        <PasswordField {...form.field("password_confirmation", { label: "Confirmar nueva contraseña" })} autoComplete="new-password" />
        <Button type="submit" isPending={form.isSubmitting} className={styles.submit}>
          Cambiar contraseña
        </Button>
      </form>
    </section>
  );
}

export interface MyProfilePageProps {
  /**
   * The 'Configuración' tab: the plan and its payments, which belong to the
   * subscriptions feature; src/app/pages/MyProfileRoute.tsx composes them in.
   */
  readonly settings: ReactNode;
}

/** /mi-perfil: tabs 'Mi perfil' and 'Configuración', chosen by `?tab=`. */
export default function MyProfilePage({ settings }: MyProfilePageProps) {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const tab: TabId = params.get("tab") === "configuracion" ? "configuracion" : "mi-perfil";

  const selectTab = (next: TabId) => {
    const query = new URLSearchParams(params);
    query.set("tab", next);
    navigate(`${location}?${query.toString()}`, { replace: true });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Mi perfil</h1>
      <Tabs label="Secciones de tu perfil" selectedKey={tab} onSelectionChange={selectTab} tabs={TABS}>
        <TabPanel id="mi-perfil">
          <div className={styles.columns}>
            <ProfileForm />
            <EmailVerificationSection />
            <ChangePasswordForm />
          </div>
        </TabPanel>
        <TabPanel id="configuracion">{settings}</TabPanel>
      </Tabs>
    </div>
  );
}
