import { Page } from "../../../components/Page.tsx";

export default function FaqPage() {
  return <Page title="Preguntas frecuentes" description="Respuestas a las dudas más comunes sobre Puente." />;
}
