/**
 * The FAQ (/faq): one text for the page and for Puente Bot, which quotes
 * these answers (server/bot). Pure data: this folder imports nothing of ours.
 */

/** The page: where it lives and its heading. */
export const FAQ_PAGE = { path: "/faq", title: "Preguntas frecuentes" } as const;

export interface FaqQuestion {
  readonly q: string;
  readonly a: string;
}

export interface FaqGroup {
  /** The group's anchor on /faq (`faq-<id>`). */
  readonly id: string;
  readonly title: string;
  readonly questions: ReadonlyArray<FaqQuestion>;
}

/** Real questions owners and investors ask about buying, selling and financing a company in Mexico. */
export const FAQ_GROUPS: ReadonlyArray<FaqGroup> = [
  {
    id: "vender",
    title: "Vender tu empresa",
    questions: [
      {
        q: "¿Cuánto tiempo toma vender una empresa?",
        a: "Depende del tamaño, el sector y qué tan ordenada esté la información. Una operación típica en México toma de 6 a 12 meses desde que la empresa se publica hasta el cierre. Tener estados financieros al día y un data room completo acorta mucho el proceso.",
      },
      {
        q: "¿Mis datos y el nombre de mi empresa son confidenciales?",
        a: "Sí. El perfil público no muestra el nombre de tu empresa y el perfil completo solo se comparte con compradores verificados que tú apruebas. El contacto siempre es directo y 1 a 1.",
      },
      {
        q: "¿Qué documentos necesito para publicar mi empresa?",
        a: "Para la verificación (KYC/KYB) te pedimos identificación, la Constancia de Situación Fiscal con antigüedad máxima de 3 meses y el RFC de la empresa. Para el data room conviene tener estados financieros de los últimos tres años, declaraciones anuales y la estructura accionaria.",
      },
      {
        q: "¿Puedo vender solo una parte de mi empresa?",
        a: "Sí. En Puente puedes indicar que te interesa vender el 100%, vender una participación, fusionarte con otra empresa o levantar capital para crecer.",
      },
    ],
  },
  {
    id: "comprar",
    title: "Comprar o invertir",
    questions: [
      {
        q: "¿Cómo sé que las empresas son reales?",
        a: "Revisamos cada empresa antes de compartirla y validamos la identidad de su dueño y la existencia del negocio (KYC/KYB) antes de activar su perfil.",
      },
      {
        q: "¿Qué necesito para ver el perfil completo de una empresa?",
        a: "Registrarte como comprador o inversionista, verificar tu identidad y que la empresa apruebe tu solicitud. Después puedes revisar los detalles y decidir si te reúnes con el dueño o envías una carta de intención.",
      },
      {
        q: "¿Qué es una carta de intención?",
        a: "Es un documento, normalmente no vinculante, en el que el comprador expresa su interés, el precio o rango que propone y las condiciones principales (revisión legal y financiera, plazos, exclusividad). Abre la etapa de due diligence.",
      },
      {
        q: "¿Puedo invertir desde el extranjero?",
        a: "Sí, los inversionistas extranjeros pueden invertir en la mayoría de los sectores en México. Algunas actividades tienen límites a la inversión extranjera; te recomendamos asesorarte con un abogado antes de cerrar.",
      },
    ],
  },
  {
    id: "financiamiento",
    title: "Financiamiento y valuación",
    questions: [
      {
        q: "¿Cuál es la diferencia entre levantar capital y pedir un crédito?",
        a: "Con un crédito pagas intereses y conservas el 100% de la empresa. Al levantar capital no pagas intereses, pero cedes una parte de la empresa a los inversionistas y compartes utilidades y algunas decisiones.",
      },
      {
        q: "¿Cómo se calcula el valor de una empresa?",
        a: "Los métodos más usados son los múltiplos de mercado (por ejemplo, un múltiplo del EBITDA según el sector) y los flujos de caja descontados, que traen a valor presente lo que la empresa generará en el futuro usando su costo de capital (WACC).",
      },
      {
        q: "¿La valuación gratuita sustituye a una valuación profesional?",
        a: "No. Es una referencia rápida basada en tus ventas y tu EBITDA. Para negociar una venta o una ronda te recomendamos nuestra valuación simplificada o avanzada.",
      },
    ],
  },
  {
    id: "puente",
    title: "Sobre Puente",
    questions: [
      {
        q: "¿Puente recibe o administra el dinero de la operación?",
        a: "No. Puente no es una institución financiera, no recibe ni administra fondos, no canaliza recursos ni opera vehículos de inversión y no garantiza operaciones. Todos los acuerdos y pagos se realizan directamente entre las partes.",
      },
      {
        q: "¿Cuánto cuesta usar Puente?",
        a: "Registrarte es gratis. Para publicar tu empresa eliges un plan: Explora (MXN $1,500 al mes o $4,000 cada 3 meses, con comisión de éxito de 2% + IVA), Impulsa (MXN $10,000 al mes o $27,500 cada 3 meses, con comisión de éxito de 4% + IVA) o Acelera, a la medida.",
      },
      {
        q: "¿Quién puede registrarse?",
        a: "Cualquier persona mayor de 18 años que sea dueña o directiva de una empresa, o que quiera comprar o invertir en una.",
      },
    ],
  },
];

/** The anchor of a group's heading on /faq. */
export const faqGroupAnchor = (id: string): string => `faq-${id}`;
