/**
 * The legal texts (/terminos-y-condiciones, /politica-de-privacidad): one
 * text for the pages and for Puente Bot, which quotes them (server/bot).
 * Pure data: this folder imports nothing of ours.
 */

/** A paragraph, or a bulleted list. */
export type LegalBlock = { readonly paragraph: string } | { readonly list: ReadonlyArray<string> };

export interface LegalSection {
  /** The section's anchor on the page. */
  readonly id: string;
  readonly title: string;
  readonly blocks: ReadonlyArray<LegalBlock>;
}

export interface LegalText {
  readonly path: string;
  readonly title: string;
  readonly updated: string;
  readonly intro: ReadonlyArray<LegalBlock>;
  readonly sections: ReadonlyArray<LegalSection>;
}

export const PRIVACY_EMAIL = "privacidad@puente.mx";

export const TERMS: LegalText = {
  path: "/terminos-y-condiciones",
  title: "Términos y condiciones",
  updated: "1 de enero de 2026",
  intro: [
    { paragraph: "Al registrarte o usar Puente aceptas estos términos y condiciones. Léelos con atención." },
  ],
  sections: [
    {
      id: "objeto",
      title: "Qué es Puente",
      blocks: [
        { paragraph: "Puente es una plataforma digital que conecta a dueños de empresas que quieren vender su empresa, vender una participación, fusionarse o levantar capital, con compradores e inversionistas verificados." },
        { paragraph: "Puente no es una institución financiera, no recibe ni administra fondos, no canaliza recursos ni opera vehículos de inversión y no garantiza operaciones. Solo actúa como asesor bajo contrato cuando así se pacta por escrito." },
      ],
    },
    {
      id: "usuarios",
      title: "Quién puede usar Puente",
      blocks: [
        { paragraph: "Para registrarte debes ser mayor de 18 años y tener capacidad legal para obligarte. Si actúas en nombre de una empresa, declaras contar con las facultades necesarias para representarla." },
      ],
    },
    {
      id: "verificacion",
      title: "Verificación de usuarios y empresas",
      blocks: [
        { paragraph: "Revisamos cada empresa antes de compartirla. La verificación de identidad y del negocio (KYC/KYB) es previa a la activación del perfil de un vendedor. La verificación no constituye una recomendación de inversión ni una garantía sobre la información que cada usuario proporciona, de la que cada usuario es responsable." },
      ],
    },
    {
      id: "acuerdos",
      title: "Acuerdos entre las partes",
      blocks: [
        { paragraph: "Todos los acuerdos, negociaciones, pagos y cierres se realizan directamente entre las partes. Puente no es parte de las operaciones entre usuarios ni responde por su cumplimiento. Te recomendamos asesoría legal, fiscal y financiera independiente antes de firmar cualquier acuerdo." },
      ],
    },
    {
      id: "planes",
      title: "Planes, pagos y comisiones",
      blocks: [
        { paragraph: "Los planes de suscripción y los servicios tienen el precio publicado en pesos mexicanos más IVA. Las comisiones de éxito de cada plan se pagan solo al cerrar una operación con un comprador o inversionista contactado por medio de Puente. Puedes cancelar tu suscripción en cualquier momento desde Mi perfil; la cancelación aplica al siguiente periodo." },
      ],
    },
    {
      id: "uso",
      title: "Uso permitido y confidencialidad",
      blocks: [
        { paragraph: "Te comprometes a proporcionar información veraz, a no usar la información de otras empresas para fines distintos a evaluar una operación y a respetar la confidencialidad de lo que se comparta contigo. Podemos suspender cuentas que incumplan estos términos." },
      ],
    },
    {
      id: "privacidad",
      title: "Datos personales",
      blocks: [
        { paragraph: "Tratamos tus datos personales conforme a nuestra Política de privacidad, disponible en este sitio." },
      ],
    },
    {
      id: "jurisdiccion",
      title: "Legislación aplicable y jurisdicción",
      blocks: [
        { paragraph: "Estos términos se rigen por las leyes de los Estados Unidos Mexicanos. Para su interpretación y cumplimiento, las partes se someten a los tribunales competentes de Monterrey, Nuevo León, y renuncian a cualquier otro fuero que pudiera corresponderles." },
      ],
    },
  ],
};

export const PRIVACY: LegalText = {
  path: "/politica-de-privacidad",
  title: "Política de privacidad",
  updated: "1 de enero de 2026",
  intro: [
    { paragraph: "Este aviso de privacidad explica qué datos personales recabamos, para qué los usamos y cómo puedes ejercer tus derechos ARCO." },
  ],
  sections: [
    {
      id: "responsable",
      title: "Responsable de tus datos",
      blocks: [
        { paragraph: "Puente, con domicilio en Monterrey, Nuevo León, México, es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares, su Reglamento y los Lineamientos del Aviso de Privacidad." },
      ],
    },
    {
      id: "datos",
      title: "Datos que recabamos",
      blocks: [
        {
          list: [
            "Identificación y contacto: nombre, email, teléfono, estado y país.",
            "Datos de tu empresa: nombre, sitio web, industria, ventas, EBITDA, número de colaboradores y documentos que subas.",
            "Datos para verificación (KYC/KYB): identificación, RFC y Constancia de Situación Fiscal.",
            "Datos de uso del sitio necesarios para operar la plataforma de forma segura.",
          ],
        },
      ],
    },
    {
      id: "finalidades",
      title: "Para qué usamos tus datos",
      blocks: [
        { paragraph: "Finalidades primarias, necesarias para el servicio:" },
        {
          list: [
            "Crear y administrar tu cuenta y verificar tu identidad y la de tu empresa.",
            "Conectar a vendedores con compradores e inversionistas y dar seguimiento a los mensajes de interés.",
            "Atender tus solicitudes de contacto y prestar los servicios que contrates, incluida la facturación.",
          ],
        },
        { paragraph: `Finalidades secundarias: enviarte nuestro newsletter e información sobre servicios de Puente. Puedes negarte en cualquier momento escribiendo a ${PRIVACY_EMAIL}, sin que afecte el servicio.` },
      ],
    },
    {
      id: "transferencias",
      title: "Transferencias",
      blocks: [
        { paragraph: "Solo compartimos el perfil completo de una empresa con compradores o inversionistas que su dueño aprueba. No vendemos tus datos. Podemos transferirlos a autoridades cuando la ley lo exija y a proveedores que nos prestan servicios (por ejemplo, alojamiento o envío de correos), obligados a tratarlos con la misma confidencialidad." },
      ],
    },
    {
      id: "arco",
      title: "Derechos ARCO",
      blocks: [
        { paragraph: "Tienes derecho a Acceder a tus datos, Rectificarlos si son inexactos, Cancelarlos cuando consideres que no se requieren y Oponerte a su uso para fines específicos (derechos ARCO), así como a revocar tu consentimiento." },
        { paragraph: `Para ejercerlos envía una solicitud a ${PRIVACY_EMAIL} con tu nombre, un medio para responderte, una copia de tu identificación, la descripción clara de los datos y del derecho que quieres ejercer. Te respondemos en un máximo de 20 días hábiles y, si procede, la hacemos efectiva dentro de los 15 días hábiles siguientes.` },
      ],
    },
    {
      id: "seguridad",
      title: "Seguridad y conservación",
      blocks: [
        { paragraph: "Protegemos tus datos con medidas administrativas, técnicas y físicas, como contraseñas cifradas y acceso restringido. Conservamos tus datos mientras tengas una cuenta y durante los plazos que exijan las leyes fiscales y mercantiles." },
      ],
    },
    {
      id: "cambios",
      title: "Cambios a este aviso",
      blocks: [
        { paragraph: "Publicaremos cualquier cambio a este aviso de privacidad en esta página, con su fecha de actualización. Si no estás conforme con el tratamiento de tus datos, puedes acudir al Instituto o autoridad de protección de datos competente." },
      ],
    },
  ],
};
