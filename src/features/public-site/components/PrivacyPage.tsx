import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";

const PRIVACY_EMAIL = "privacidad@puente.mx";

const SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: "responsable",
    title: "Responsable de tus datos",
    body: (
      <p>
        Puente, con domicilio en Monterrey, Nuevo León, México, es responsable del tratamiento de tus datos personales
        conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares, su Reglamento y los
        Lineamientos del Aviso de Privacidad.
      </p>
    ),
  },
  {
    id: "datos",
    title: "Datos que recabamos",
    body: (
      <ul>
        <li>Identificación y contacto: nombre, email, teléfono, estado y país.</li>
        <li>Datos de tu empresa: nombre, sitio web, industria, ventas, EBITDA, número de colaboradores y documentos que subas.</li>
        <li>Datos para verificación (KYC/KYB): identificación, RFC y Constancia de Situación Fiscal.</li>
        <li>Datos de uso del sitio necesarios para operar la plataforma de forma segura.</li>
      </ul>
    ),
  },
  {
    id: "finalidades",
    title: "Para qué usamos tus datos",
    body: (
      <>
        <p>Finalidades primarias, necesarias para el servicio:</p>
        <ul>
          <li>Crear y administrar tu cuenta y verificar tu identidad y la de tu empresa.</li>
          <li>Conectar a vendedores con compradores e inversionistas y dar seguimiento a los mensajes de interés.</li>
          <li>Atender tus solicitudes de contacto y prestar los servicios que contrates, incluida la facturación.</li>
        </ul>
        <p>
          Finalidades secundarias: enviarte nuestro newsletter e información sobre servicios de Puente. Puedes negarte en
          cualquier momento escribiendo a {PRIVACY_EMAIL}, sin que afecte el servicio.
        </p>
      </>
    ),
  },
  {
    id: "transferencias",
    title: "Transferencias",
    body: (
      <p>
        Solo compartimos el perfil completo de una empresa con compradores o inversionistas que su dueño aprueba. No vendemos
        tus datos. Podemos transferirlos a autoridades cuando la ley lo exija y a proveedores que nos prestan servicios (por
        ejemplo, alojamiento o envío de correos), obligados a tratarlos con la misma confidencialidad.
      </p>
    ),
  },
  {
    id: "arco",
    title: "Derechos ARCO",
    body: (
      <>
        <p>
          Tienes derecho a Acceder a tus datos, Rectificarlos si son inexactos, Cancelarlos cuando consideres que no se
          requieren y Oponerte a su uso para fines específicos (derechos ARCO), así como a revocar tu consentimiento.
        </p>
        <p>
          Para ejercerlos envía una solicitud a {PRIVACY_EMAIL} con tu nombre, un medio para responderte, una copia de tu
          identificación, la descripción clara de los datos y del derecho que quieres ejercer. Te respondemos en un máximo de
          20 días hábiles y, si procede, la hacemos efectiva dentro de los 15 días hábiles siguientes.
        </p>
      </>
    ),
  },
  {
    id: "seguridad",
    title: "Seguridad y conservación",
    body: (
      <p>
        Protegemos tus datos con medidas administrativas, técnicas y físicas, como contraseñas cifradas y acceso restringido.
        Conservamos tus datos mientras tengas una cuenta y durante los plazos que exijan las leyes fiscales y mercantiles.
      </p>
    ),
  },
  {
    id: "cambios",
    title: "Cambios a este aviso",
    body: (
      <p>
        Publicaremos cualquier cambio a este aviso de privacidad en esta página, con su fecha de actualización. Si no estás
        conforme con el tratamiento de tus datos, puedes acudir al Instituto o autoridad de protección de datos competente.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Política de privacidad"
      updated="1 de enero de 2026"
      intro={
        <p>
          Este aviso de privacidad explica qué datos personales recabamos, para qué los usamos y cómo puedes ejercer tus
          derechos ARCO.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
