/**
 * The standard confidentiality agreement (NDA) a buyer accepts before a
 * company's full profile is shared with them (issue 16; decision 023). One
 * text, versioned: GET /api/nda serves the current version, the server
 * refuses an acceptance of any other, and stores each acceptance with the
 * exact text accepted (placeholders filled by `renderNda`).
 *
 * To change the agreement, add a new version at the end of NDA_VERSIONS with
 * its own date: buyers then accept it again before they see a full profile.
 * Never edit a published version's text.
 *
 * Pure data: this folder imports nothing of ours.
 */

export interface NdaVersion {
  /** Short and stable: what a buyer's acceptance records. */
  readonly version: string;
  /** YYYY-MM-DD: the day it takes effect. */
  readonly effectiveDate: string;
  /** With the placeholders {{comprador}}, {{referencia}} and {{fecha}}. */
  readonly text: string;
}

const NDA_2026_11: NdaVersion = {
  version: "2026-11",
  effectiveDate: "2026-11-26",
  text: `ACUERDO DE CONFIDENCIALIDAD

Fecha de aceptación: {{fecha}}

Este acuerdo de confidencialidad (el "Acuerdo") se celebra de forma digital en la plataforma Puente entre:

1. {{comprador}}, comprador o inversionista registrado en Puente que lo acepta con su cuenta (el "Receptor"); y
2. el titular de la empresa publicada en Puente con la referencia {{referencia}}, representado por quien administra su perfil en la plataforma (la "Parte Reveladora").

Puente, como plataforma que conecta a las partes, no es parte de este Acuerdo, no es depositaria de la información y no garantiza ninguna operación.

PRIMERA. Objeto. La Parte Reveladora compartirá con el Receptor, a través de Puente, información sobre la empresa con la referencia {{referencia}} para que el Receptor evalúe una posible adquisición, inversión, fusión u otra operación (la "Operación").

SEGUNDA. Información Confidencial. Es Información Confidencial toda la información que el Receptor reciba o conozca por este medio: el nombre y los datos de identificación de la empresa y de sus socios, sus datos de contacto, su información financiera, fiscal, legal, comercial y operativa, los documentos de su data room, los mensajes entre las partes y la existencia misma de las conversaciones sobre la Operación. No es Información Confidencial la que (a) sea del dominio público sin culpa del Receptor, (b) el Receptor ya conociera legítimamente antes de recibirla, (c) reciba legítimamente de un tercero sin obligación de confidencialidad, o (d) deba revelar por mandato de autoridad competente, en cuyo caso avisará antes a la Parte Reveladora cuando la ley lo permita y revelará solo lo estrictamente requerido.

TERCERA. Obligaciones del Receptor. El Receptor se obliga a: (a) usar la Información Confidencial únicamente para evaluar la Operación; (b) no revelarla a terceros, salvo a sus asesores, consejeros, financiadores o empleados que necesiten conocerla para ese fin, que queden obligados por escrito a guardar la misma confidencialidad y de cuyos actos responderá; (c) no contactar a empleados, clientes, proveedores o socios de la empresa sin autorización expresa de la Parte Reveladora; (d) protegerla con al menos el mismo cuidado con que protege su propia información confidencial; y (e) no copiarla ni reproducirla más allá de lo necesario para la evaluación.

CUARTA. Datos personales. Los datos personales contenidos en la Información Confidencial se tratarán conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares, solo para la finalidad de este Acuerdo.

QUINTA. Devolución y destrucción. Si la Parte Reveladora retira el acceso o lo solicita, o si el Receptor decide no continuar, este dejará de usar la Información Confidencial y destruirá o devolverá las copias que tenga, salvo las que deba conservar por ley.

SEXTA. Sin obligación de realizar la Operación. Este Acuerdo no obliga a ninguna de las partes a celebrar la Operación ni otorga licencia o derecho alguno sobre la Información Confidencial, que sigue siendo propiedad de la Parte Reveladora.

SÉPTIMA. Vigencia. Las obligaciones de este Acuerdo duran dos (2) años contados desde su aceptación, y las relativas a secretos industriales durante todo el tiempo que la información conserve ese carácter.

OCTAVA. Incumplimiento. El Receptor responderá de los daños y perjuicios que cause su incumplimiento, sin perjuicio de las acciones que correspondan conforme al Código Civil Federal, al Código de Comercio, a la Ley Federal de Protección a la Propiedad Industrial en materia de secretos industriales y a los artículos 210 y 211 del Código Penal Federal.

NOVENA. Aceptación electrónica. Las partes reconocen la validez de este Acuerdo celebrado por medios electrónicos conforme a los artículos 1803 y 1834 bis del Código Civil Federal y 89 y siguientes del Código de Comercio. Puente registra quién lo aceptó, qué versión, cuándo y desde qué dirección IP, y muestra ese registro a ambas partes.

DÉCIMA. Ley aplicable y jurisdicción. Este Acuerdo se rige por las leyes federales de los Estados Unidos Mexicanos. Para su interpretación y cumplimiento, las partes se someten a los tribunales competentes de Monterrey, Nuevo León, y renuncian a cualquier otro fuero que pudiera corresponderles por razón de su domicilio presente o futuro.`,
};

/** Every version ever published, oldest first; the last one is in force. */
export const NDA_VERSIONS: ReadonlyArray<NdaVersion> = [NDA_2026_11];

export const currentNda = (versions: ReadonlyArray<NdaVersion> = NDA_VERSIONS): NdaVersion => {
  const last = versions[versions.length - 1];
  if (last === undefined) throw new Error("NDA_VERSIONS is empty");
  return last;
};

export interface NdaParties {
  /** The buyer's name as their account gives it. */
  readonly buyer: string;
  /** The listing's human_id ("PUE-0001"). */
  readonly reference: string;
  /** The acceptance date in words or YYYY-MM-DD. */
  readonly date: string;
}

/** The agreement with its placeholders filled: what the buyer reads and what is stored with the acceptance. */
export const renderNda = (text: string, parties: NdaParties): string =>
  text.replaceAll("{{comprador}}", parties.buyer).replaceAll("{{referencia}}", parties.reference).replaceAll("{{fecha}}", parties.date);
