import MyProfilePage from "../../features/accounts/components/MyProfilePage.tsx";
import { SubscriptionSettings } from "../../features/subscriptions/components/SubscriptionSettings.tsx";

/** /mi-perfil: the accounts feature's profile page, with the subscriptions feature's Planes and Historial as 'Configuración'. */
export default function MyProfileRoute() {
  return <MyProfilePage settings={<SubscriptionSettings />} />;
}
