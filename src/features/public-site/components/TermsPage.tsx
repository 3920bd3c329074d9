import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";

const SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: "objeto",
    title: "Qué es Puente",
    body: (
      <>
        <p>
          Puente es una plataforma digital que conecta a dueños de empresas que quieren vender su empresa, vender una
          participación, fusionarse o levantar capital, con compradores e inversionistas verificados.
        </p>
        <p>
          Puente no es una institución financiera, no recibe ni administra fondos, no canaliza recursos ni opera vehículos de
          inversión y no garantiza operaciones. Solo actúa como asesor bajo contrato cuando así se pacta por escrito.
        </p>
      </>
    ),
  },
  {
    id: "usuarios",
    title: "Quién puede usar Puente",
    body: (
      <p>
        Para registrarte debes ser mayor de 18 años y tener capacidad legal para obligarte. Si actúas en nombre de una
        empresa, declaras contar con las facultades necesarias para representarla.
      </p>
    ),
  },
  {
    id: "verificacion",
    title: "Verificación de usuarios y empresas",
    body: (
      <p>
        Revisamos cada empresa antes de compartirla. La verificación de identidad y del negocio (KYC/KYB) es previa a la
        activación del perfil de un vendedor. La verificación no constituye una recomendación de inversión ni una garantía
        sobre la información que cada usuario proporciona, de la que cada usuario es responsable.
      </p>
    ),
  },
  {
    id: "acuerdos",
    title: "Acuerdos entre las partes",
    body: (
      <p>
        Todos los acuerdos, negociaciones, pagos y cierres se realizan directamente entre las partes. Puente no es parte de
        las operaciones entre usuarios ni responde por su cumplimiento. Te recomendamos asesoría legal, fiscal y financiera
        independiente antes de firmar cualquier acuerdo.
      </p>
    ),
  },
  {
    id: "planes",
    title: "Planes, pagos y comisiones",
    body: (
      <p>
        Los planes de suscripción y los servicios tienen el precio publicado en pesos mexicanos más IVA. Las comisiones de
        éxito de cada plan se pagan solo al cerrar una operación con un comprador o inversionista contactado por medio de
        Puente. Puedes cancelar tu suscripción en cualquier momento desde Mi perfil; la cancelación aplica al siguiente
        periodo.
      </p>
    ),
  },
  {
    id: "uso",
    title: "Uso permitido y confidencialidad",
    body: (
      <p>
        Te comprometes a proporcionar información veraz, a no usar la información de otras empresas para fines distintos a
        evaluar una operación y a respetar la confidencialidad de lo que se comparta contigo. Podemos suspender cuentas que
        incumplan estos términos.
      </p>
    ),
  },
  {
    id: "privacidad",
    title: "Datos personales",
    body: <p>Tratamos tus datos personales conforme a nuestra Política de privacidad, disponible en este sitio.</p>,
  },
  {
    id: "jurisdiccion",
    title: "Legislación aplicable y jurisdicción",
    body: (
      <p>
        Estos términos se rigen por las leyes de los Estados Unidos Mexicanos. Para su interpretación y cumplimiento, las
        partes se someten a los tribunales competentes de Monterrey, Nuevo León, y renuncian a cualquier otro fuero que
        pudiera corresponderles.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Términos y condiciones"
      updated="1 de enero de 2026"
      intro={<p>Al registrarte o usar Puente aceptas estos términos y condiciones. Léelos con atención.</p>}
      sections={SECTIONS}
    />
  );
}
