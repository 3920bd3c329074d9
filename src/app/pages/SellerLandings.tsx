import { lazy, Suspense } from "react";
import { WhenVisible } from "../../components/WhenVisible.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { RaiseCapitalPage } from "../../features/public-site/components/RaiseCapitalPage.tsx";
import { SELLER_FORM_SLOT } from "../../features/public-site/components/scroll-to-form.ts";
import { SellYourCompanyPage } from "../../features/public-site/components/SellYourCompanyPage.tsx";

/**
 * The seller landings (public-site) around the seller registration form
 * (auth): composed here because a feature never imports another. The form
 * (selects, validation, Effect) loads when the reader nears it, keeping it
 * off the landing's first load.
 */
const SellerRegistrationForm = lazy(() =>
  import("../../features/auth/components/SellerRegistrationForm.tsx").then((module) => ({ default: module.SellerRegistrationForm })),
);

function DeferredSellerForm() {
  return (
    <WhenVisible id={SELLER_FORM_SLOT} minHeight="40rem">
      <Suspense fallback={<Spinner size="large" label="Cargando formulario de registro" />}>
        <SellerRegistrationForm />
      </Suspense>
    </WhenVisible>
  );
}

export function SellYourCompanyRoute() {
  return <SellYourCompanyPage registrationForm={<DeferredSellerForm />} />;
}

export function RaiseCapitalRoute() {
  return <RaiseCapitalPage registrationForm={<DeferredSellerForm />} />;
}
