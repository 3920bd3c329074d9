import { STATES } from "../../../server/seed/catalogue-data.ts";

/**
 * The relevance set's catalogue (docs/decisions/037): ~300 Mexican
 * companies as sellers describe them, fixed and deterministic (no random
 * numbers: every figure comes from the entry's position). Each archetype is
 * one kind of business, written by hand, placed in a few cities; near
 * neighbours share words on purpose (a "despacho jurídico" beside the
 * "despacho de contabilidad", a veterinary "hospital" beside the hospitals,
 * a laundry for hotels beside the hotels), so ranking matters.
 *
 * Entries are keyed `archetype-place` ("contabilidad-pue"); queries.ts
 * names the companies it expects by these keys. Companies are created in
 * catalogue order, so an entry's position is its id (and its reference,
 * "PUE-0054", on a fresh database).
 */

/** Industry ids (server/seed/catalogue-data.ts INDUSTRIES). */
const INDUSTRY = {
  tecnologia: 1,
  manufactura: 2,
  alimentos: 3,
  construccion: 4,
  salud: 5,
  logistica: 6,
  comercioMinorista: 7,
  agroindustria: 8,
  turismo: 9,
  educacion: 10,
  financieros: 11,
  energia: 12,
  bienesRaices: 13,
  automotriz: 14,
  textil: 15,
  profesionales: 16,
  mayorista: 17,
  medios: 18,
  telecomunicaciones: 19,
  mineria: 20,
} as const;

interface Place {
  readonly city: string;
  readonly stateId: number;
}

/** Where companies are (city, INEGI state id). */
const PLACES = {
  cdmx: { city: "Ciudad de México", stateId: 9 },
  gdl: { city: "Guadalajara", stateId: 14 },
  mty: { city: "Monterrey", stateId: 19 },
  pue: { city: "Puebla", stateId: 21 },
  qro: { city: "Querétaro", stateId: 22 },
  mer: { city: "Mérida", stateId: 31 },
  tij: { city: "Tijuana", stateId: 2 },
  leon: { city: "León", stateId: 11 },
  tol: { city: "Toluca", stateId: 15 },
  naucalpan: { city: "Naucalpan", stateId: 15 },
  ags: { city: "Aguascalientes", stateId: 1 },
  slp: { city: "San Luis Potosí", stateId: 24 },
  cun: { city: "Cancún", stateId: 23 },
  ver: { city: "Veracruz", stateId: 30 },
  oax: { city: "Oaxaca", stateId: 20 },
  chih: { city: "Chihuahua", stateId: 8 },
  juarez: { city: "Ciudad Juárez", stateId: 8 },
  her: { city: "Hermosillo", stateId: 26 },
  cul: { city: "Culiacán", stateId: 25 },
  mzt: { city: "Mazatlán", stateId: 25 },
  sal: { city: "Saltillo", stateId: 5 },
  mor: { city: "Morelia", stateId: 16 },
  uru: { city: "Uruapan", stateId: 16 },
  zamora: { city: "Zamora", stateId: 16 },
  cue: { city: "Cuernavaca", stateId: 17 },
  pach: { city: "Pachuca", stateId: 13 },
  vhsa: { city: "Villahermosa", stateId: 27 },
  zac: { city: "Zacatecas", stateId: 32 },
  fresnillo: { city: "Fresnillo", stateId: 32 },
  dgo: { city: "Durango", stateId: 10 },
  nld: { city: "Nuevo Laredo", stateId: 28 },
  tux: { city: "Tuxtla Gutiérrez", stateId: 7 },
  tap: { city: "Tapachula", stateId: 7 },
  lapaz: { city: "La Paz", stateId: 3 },
  manz: { city: "Manzanillo", stateId: 6 },
  tep: { city: "Tepic", stateId: 18 },
  camp: { city: "Campeche", stateId: 4 },
  tlax: { city: "Tlaxcala", stateId: 29 },
  aca: { city: "Acapulco", stateId: 12 },
  pvr: { city: "Puerto Vallarta", stateId: 14 },
  sma: { city: "San Miguel de Allende", stateId: 11 },
  coatepec: { city: "Coatepec", stateId: 30 },
  irapuato: { city: "Irapuato", stateId: 11 },
  cananea: { city: "Cananea", stateId: 26 },
} as const satisfies Record<string, Place>;

type PlaceKey = keyof typeof PLACES;

const stateName = (stateId: number): string => STATES.find(([code]) => Number(code) === stateId)?.[1] ?? "";

/** "Puebla, Puebla" reads oddly: the city alone when the state has its name. */
const where = (place: Place): string => {
  const state = stateName(place.stateId);
  return place.city === state || (place.stateId === 9 && place.city === "Ciudad de México") ? place.city : `${place.city}, ${state}`;
};

/** What the writing of one entry may use besides its place. */
interface Facts {
  readonly place: Place;
  readonly placeKey: PlaceKey;
  /** "Mérida, Yucatán". */
  readonly where: string;
  readonly year: number;
  readonly staff: number;
  /** Sales in millions of pesos. */
  readonly sales: number;
  /** Branches, stores or units: 2–9. */
  readonly units: number;
}

interface Archetype {
  readonly key: string;
  readonly industryIds: ReadonlyArray<number>;
  /** Name cores (confidential: never in the search document); one per place, in turn. */
  readonly names: ReadonlyArray<string>;
  readonly places: ReadonlyArray<PlaceKey>;
  readonly short: (facts: Facts) => string;
  readonly long: (facts: Facts) => string;
}

const ARCHETYPES: ReadonlyArray<Archetype> = [
  // --- Servicios profesionales --------------------------------------------------
  {
    key: "contabilidad",
    industryIds: [INDUSTRY.profesionales],
    names: ["Contadores Asociados Roldán", "Grupo Fiscal Medina", "Cuentas Claras Ibarra", "Balance Pyme", "Auditores Peninsulares"],
    places: ["pue", "cdmx", "gdl", "mty", "mer"],
    short: (f) => `Despacho de contabilidad en ${f.place.city}: contabilidad electrónica, declaraciones mensuales y anuales, nómina e IMSS para pymes.`,
    long: (f) =>
      `Fundado en ${f.year} en ${f.where}, lleva la contabilidad de ${f.units * 40} empresas y personas físicas con actividad empresarial. Un equipo de ${f.staff} contadores y auxiliares atiende auditorías del SAT, devoluciones de IVA y cierres fiscales. Cartera recurrente con iguala mensual.`,
  },
  {
    key: "contadores-publicos",
    industryIds: [INDUSTRY.profesionales],
    names: ["Vázquez y Asociados CP", "Firma Bajío Auditores", "Dictamen Norte"],
    places: ["qro", "leon", "cdmx"],
    short: (f) => `Firma de contadores públicos certificados en ${f.place.city}, especializada en auditoría de estados financieros y dictamen fiscal.`,
    long: (f) =>
      `Desde ${f.year} audita a empresas medianas de ${f.where} y de la región. ${f.staff} profesionales, socios certificados por el IMCP y clientes de la industria automotriz y de alimentos.`,
  },
  {
    key: "asesoria-fiscal",
    industryIds: [INDUSTRY.profesionales],
    names: ["Estrategia Tributaria Garza", "Fisco Claro", "Patrimonio y Sucesión"],
    places: ["mty", "cdmx", "gdl"],
    short: (f) => `Asesoría fiscal y planeación patrimonial en ${f.place.city}; defensa de contribuyentes ante el SAT y juicios de nulidad.`,
    long: (f) =>
      `Consultoría fundada en ${f.year} en ${f.where}. Atiende a familias empresarias y a sus holdings: reestructuras, sucesión, precios de transferencia. ${f.staff} abogados fiscalistas.`,
  },
  {
    key: "software-contable",
    industryIds: [INDUSTRY.tecnologia, INDUSTRY.profesionales],
    names: ["Cuadra Cloud", "Póliza Digital"],
    places: ["gdl", "mty"],
    short: (f) => `Software de contabilidad electrónica en la nube para pymes y contadores, con timbrado de CFDI 4.0, desde ${f.place.city}.`,
    long: (f) =>
      `Plataforma SaaS creada en ${f.year} en ${f.where}: pólizas automáticas desde el XML, conciliación bancaria y nómina. ${f.units * 300} suscriptores que pagan mensualmente.`,
  },
  {
    key: "despacho-juridico",
    industryIds: [INDUSTRY.profesionales],
    names: ["Lex Corporativa", "Sáenz Abogados", "Litigio Occidente", "Notaría y Contratos del Centro"],
    places: ["cdmx", "mty", "gdl", "qro"],
    short: (f) => `Despacho jurídico en ${f.place.city}: derecho corporativo, laboral y litigio mercantil para empresas.`,
    long: (f) =>
      `Firma fundada en ${f.year} en ${f.where} con ${f.staff} abogados. Lleva la asesoría legal continua de ${f.units * 15} empresas, contratos, asambleas y juicios laborales.`,
  },
  {
    key: "despacho-arquitectura",
    industryIds: [INDUSTRY.construccion, INDUSTRY.profesionales],
    names: ["Taller Ocre", "Estudio Henequén"],
    places: ["cdmx", "mer"],
    short: (f) => `Despacho de arquitectura e interiorismo en ${f.place.city}: proyectos residenciales, oficinas y hoteles.`,
    long: (f) =>
      `Estudio fundado en ${f.year} en ${f.where}. ${f.staff} arquitectos y diseñadores; más de ${f.units * 20} proyectos entregados, con premios nacionales de diseño.`,
  },
  {
    key: "recursos-humanos",
    industryIds: [INDUSTRY.profesionales],
    names: ["Talento Regio", "Capital Humano Chapultepec", "Plantilla Tapatía"],
    places: ["mty", "cdmx", "gdl"],
    short: (f) => `Reclutamiento y selección de personal en ${f.place.city}; consultoría de recursos humanos y evaluaciones psicométricas.`,
    long: (f) =>
      `Agencia de recursos humanos fundada en ${f.year} en ${f.where}. Cubre ${f.units * 150} vacantes al año para plantas industriales, centros de distribución y corporativos.`,
  },
  {
    key: "agencia-marketing",
    industryIds: [INDUSTRY.medios, INDUSTRY.profesionales],
    names: ["Clic Creativo", "Pixel Jalisco", "Impulso Digital", "Angelópolis Media"],
    places: ["cdmx", "gdl", "mty", "pue"],
    short: (f) => `Agencia de marketing digital en ${f.place.city}: campañas en redes sociales, posicionamiento SEO y anuncios pagados.`,
    long: (f) =>
      `Fundada en ${f.year} en ${f.where}; ${f.staff} especialistas en contenido, pauta y analítica. Administra las cuentas de ${f.units * 8} marcas con contratos anuales.`,
  },
  {
    key: "publicidad-exterior",
    industryIds: [INDUSTRY.medios],
    names: ["Espectaculares del Norte", "Pantallas Bajío"],
    places: ["mty", "leon"],
    short: (f) => `Publicidad exterior en ${f.place.city}: espectaculares, pantallas digitales y muros en avenidas principales.`,
    long: (f) => `Empresa fundada en ${f.year} en ${f.where}, con ${f.units * 12} sitios propios con permisos municipales vigentes y ocupación del 80%.`,
  },
  {
    key: "soporte-ti",
    industryIds: [INDUSTRY.tecnologia],
    names: ["Red Segura Querétaro", "Mesa de Ayuda Centro", "Sistemas Regios", "Nodo Angelópolis"],
    places: ["qro", "cdmx", "mty", "pue"],
    short: (f) => `Soporte de tecnologías de la información para oficinas en ${f.place.city}: mesa de ayuda, redes, servidores y ciberseguridad.`,
    long: (f) =>
      `Desde ${f.year} da servicio en ${f.where} a ${f.units * 25} empresas con pólizas mensuales. ${f.staff} ingenieros certificados en redes y nube.`,
  },
  {
    key: "desarrollo-software",
    industryIds: [INDUSTRY.tecnologia],
    names: ["Código Jaguar", "Apps Reforma", "Yucatán Dev", "Nearshore Bajío", "Frontera Labs"],
    places: ["gdl", "cdmx", "mer", "qro", "tij"],
    short: (f) => `Desarrollo de software a la medida y aplicaciones móviles en ${f.place.city} para clientes de México y Estados Unidos.`,
    long: (f) =>
      `Fundada en ${f.year} en ${f.where}; ${f.staff} programadores. El 60% de sus ventas son exportación de servicios con contratos de largo plazo.`,
  },
  {
    key: "punto-de-venta",
    industryIds: [INDUSTRY.tecnologia],
    names: ["Comanda Fácil", "Caja Lista"],
    places: ["gdl", "mty"],
    short: (f) => `Sistema de punto de venta en la nube para restaurantes, cafeterías y tiendas, desarrollado en ${f.place.city}.`,
    long: (f) =>
      `Producto lanzado en ${f.year} en ${f.where}: comandas, inventario y facturación. ${f.units * 250} negocios lo usan con una suscripción mensual.`,
  },
  // --- Alimentos y bebidas, turismo -------------------------------------------------
  {
    key: "mariscos",
    industryIds: [INDUSTRY.turismo, INDUSTRY.alimentos],
    names: ["El Camarón Dorado", "Mar Adentro", "La Perla del Caribe", "Costa Azul", "La Concha", "Ensenada Fish"],
    places: ["ver", "mzt", "cun", "aca", "lapaz", "tij"],
    short: (f) => `Restaurante de mariscos en ${f.place.city} con ${f.units * 20} cubiertos: cocteles, pescado zarandeado y aguachiles.`,
    long: (f) =>
      `Abrió en ${f.year} en ${f.where}. Recibe turistas y familias locales todo el año; ${f.staff} empleados, proveedores de pesca directos y ventas promedio de ${f.sales} millones de pesos.`,
  },
  {
    key: "taqueria",
    industryIds: [INDUSTRY.alimentos],
    names: ["Tacos El Güero", "Taquería Los Compadres", "El Trompo Tapatío", "Tacos Árabes Doña Lupe"],
    places: ["cdmx", "mty", "gdl", "pue"],
    short: (f) => `Cadena de taquerías con ${f.units} sucursales en ${f.place.city}: tacos al pastor, suadero y campechanos.`,
    long: (f) =>
      `Negocio familiar fundado en ${f.year} en ${f.where}. Trompos y salsas preparados en una cocina central; ${f.staff} empleados y ventas de ${f.sales} millones de pesos al año.`,
  },
  {
    key: "cocina-oaxaquena",
    industryIds: [INDUSTRY.turismo, INDUSTRY.alimentos],
    names: ["La Guelaguetza", "Siete Moles"],
    places: ["oax", "cdmx"],
    short: (f) => `Restaurante de cocina oaxaqueña en ${f.place.city}: moles, tlayudas, chapulines y una carta de mezcal.`,
    long: (f) => `Fundado en ${f.year} en ${f.where}; ${f.units * 15} mesas, terraza y servicio para eventos. ${f.staff} colaboradores.`,
  },
  {
    key: "cafeteria",
    industryIds: [INDUSTRY.alimentos],
    names: ["Tueste Lento", "Café Tapatío", "Grano de Oro"],
    places: ["cdmx", "gdl", "qro"],
    short: (f) => `Cafetería de especialidad con tostador propio y ${f.units} barras en ${f.place.city}.`,
    long: (f) =>
      `Abrió en ${f.year} en ${f.where}. Compra café verde de productores de Veracruz y Chiapas, tuesta para su venta en grano y abastece a oficinas.`,
  },
  {
    key: "panaderia",
    industryIds: [INDUSTRY.alimentos],
    names: ["La Espiga Poblana", "Pan de Barrio", "Horno Yucateco", "La Michoacana Bizcochos"],
    places: ["pue", "leon", "mer", "mor"],
    short: (f) => `Panadería y pastelería artesanal con ${f.units} sucursales en ${f.place.city}: pan dulce, bolillo y pasteles por encargo.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}. Obrador propio que hornea diario; ${f.staff} empleados y pedidos para cafeterías y hoteles.`,
  },
  {
    key: "tortilleria",
    industryIds: [INDUSTRY.alimentos],
    names: ["Tortillería La Mexiquense", "Nixtamal de Cholula", "Tortillas Doña Mari", "Molino El Maizal"],
    places: ["tol", "pue", "gdl", "ags"],
    short: (f) => `Tortillería y molino de nixtamal en ${f.place.city}; produce ${f.units} toneladas diarias de tortilla de maíz.`,
    long: (f) => `Opera desde ${f.year} en ${f.where} con ${f.units} expendios y reparto a restaurantes y tiendas. ${f.staff} empleados.`,
  },
  {
    key: "cerveceria",
    industryIds: [INDUSTRY.alimentos],
    names: ["Cervecería Frontera", "Malta Regia", "Cebada Tapatía", "Lúpulo Queretano"],
    places: ["tij", "mty", "gdl", "qro"],
    short: (f) => `Cervecería artesanal en ${f.place.city} con taproom propio y distribución en bares y restaurantes.`,
    long: (f) =>
      `Fundada en ${f.year} en ${f.where}; produce ${f.units * 10},000 litros al mes de estilos IPA, stout y lager. ${f.staff} empleados.`,
  },
  {
    key: "mezcal",
    industryIds: [INDUSTRY.alimentos, INDUSTRY.agroindustria],
    names: ["Palenque Espadín", "Maguey Zacatecano", "Agave Duranguense"],
    places: ["oax", "zac", "dgo"],
    short: (f) => `Fábrica de mezcal artesanal en ${f.place.city}, con palenque propio y certificación del Consejo Regulador.`,
    long: (f) => `Produce desde ${f.year} en ${f.where}; exporta a Estados Unidos y Europa. ${f.units * 5} hectáreas de agave propias.`,
  },
  {
    key: "purificadora",
    industryIds: [INDUSTRY.alimentos],
    names: ["Agua Cristal", "Manantial Sonorense", "Agua Serrana", "Gota Pura"],
    places: ["mer", "her", "cul", "vhsa"],
    short: (f) => `Purificadora y embotelladora de agua en ${f.place.city}: garrafones de 20 litros y botella a domicilio.`,
    long: (f) => `Opera desde ${f.year} en ${f.where} con ${f.units * 3} rutas de reparto y planta de ósmosis inversa. ${f.staff} empleados.`,
  },
  {
    key: "salsas",
    industryIds: [INDUSTRY.alimentos, INDUSTRY.manufactura],
    names: ["Chile Bravo", "Salsas La Sinaloense", "Picante Hidrocálido"],
    places: ["gdl", "cul", "ags"],
    short: (f) => `Fabricante de salsas picantes y chiles en conserva en ${f.place.city}, con marca propia en autoservicios.`,
    long: (f) => `Planta fundada en ${f.year} en ${f.where}; vende en cadenas de supermercados y exporta a Estados Unidos. ${f.staff} empleados.`,
  },
  {
    key: "dulces",
    industryIds: [INDUSTRY.alimentos],
    names: ["Cajetas del Bajío", "Ates de Morelia", "Camotes Poblanos"],
    places: ["irapuato", "mor", "pue"],
    short: (f) => `Fábrica de dulces típicos mexicanos en ${f.place.city}: cajeta, ates, obleas y camotes.`,
    long: (f) => `Negocio familiar desde ${f.year} en ${f.where}; vende en tiendas de recuerdos, centrales de abasto y por internet.`,
  },
  {
    key: "banquetes",
    industryIds: [INDUSTRY.alimentos, INDUSTRY.turismo],
    names: ["Banquetes Imperial", "Catering Regio", "Mantel Largo", "Eventos Hércules"],
    places: ["cdmx", "mty", "gdl", "qro"],
    short: (f) => `Servicio de banquetes y catering para bodas y eventos corporativos en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; atiende ${f.units * 60} eventos al año con cocina, meseros y mobiliario propios.`,
  },
  {
    key: "hotel-boutique",
    industryIds: [INDUSTRY.turismo],
    names: ["Casa Henequén", "Casona de la Soledad", "Hotel Patio Queretano", "Casa Talavera", "Casa Allende"],
    places: ["mer", "oax", "qro", "pue", "sma"],
    short: (f) => `Hotel boutique de ${f.units * 4} habitaciones en el centro histórico de ${f.place.city}.`,
    long: (f) =>
      `Casona restaurada que abrió como hotel en ${f.year} en ${f.where}. Ocupación promedio del 78%, restaurante y terraza; ${f.staff} colaboradores.`,
  },
  {
    key: "hotel-playa",
    industryIds: [INDUSTRY.turismo],
    names: ["Hotel Arena Blanca", "Hotel Bahía", "Hotel Mar de Cortés", "Hotel Puesta de Sol", "Hotel Malecón"],
    places: ["cun", "aca", "lapaz", "pvr", "mzt"],
    short: (f) => `Hotel de playa con ${f.units * 15} habitaciones frente al mar en ${f.place.city}.`,
    long: (f) =>
      `Abrió en ${f.year} en ${f.where}; alberca, club de playa y salón para grupos. Vende por agencias en línea y mayoristas; ${f.staff} empleados.`,
  },
  {
    key: "agencia-viajes",
    industryIds: [INDUSTRY.turismo],
    names: ["Viajes Caribe Maya", "Rutas de México", "Oaxaca Tours", "Mundo Maya Viajes"],
    places: ["cun", "cdmx", "oax", "mer"],
    short: (f) => `Agencia de viajes y operadora de tours en ${f.place.city}: excursiones, traslados y paquetes para grupos.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.units * 9} vehículos propios y convenios con hoteles. ${f.staff} empleados.`,
  },
  // --- Salud ----------------------------------------------------------------------
  {
    key: "dental",
    industryIds: [INDUSTRY.salud],
    names: ["Sonrisa Regia", "Dental Chapalita", "Smile Border", "Odonto Roma", "Dentalia Querétaro", "Sonríe Puebla"],
    places: ["mty", "gdl", "tij", "cdmx", "qro", "pue"],
    short: (f) => `Clínica dental en ${f.place.city}: ortodoncia, implantes y odontología estética.`,
    long: (f) =>
      `Abrió en ${f.year} en ${f.where}; ${f.units} sillones, rayos X digitales y ${f.staff} colaboradores. Atiende pacientes locales y de turismo médico.`,
  },
  {
    key: "hospital",
    industryIds: [INDUSTRY.salud],
    names: ["Hospital San Crispín", "Hospital del Valle de Culiacán", "Hospital Sonora Médica", "Hospital Tangamanga", "Hospital del Grijalva"],
    places: ["leon", "cul", "her", "slp", "vhsa"],
    short: (f) => `Hospital privado de ${f.units * 8} camas en ${f.place.city} con quirófanos, terapia intensiva y urgencias las 24 horas.`,
    long: (f) =>
      `Fundado en ${f.year} en ${f.where}; ${f.staff} empleados y más de 200 médicos acreditados. Convenios con aseguradoras de gastos médicos mayores.`,
  },
  {
    key: "laboratorio",
    industryIds: [INDUSTRY.salud],
    names: ["Laboratorio Biomédica", "Análisis Regio", "Lab Peninsular", "Diagnóstica Hidrocálida"],
    places: ["pue", "mty", "mer", "ags"],
    short: (f) => `Laboratorio de análisis clínicos con ${f.units} sucursales en ${f.place.city}; toma de muestras a domicilio.`,
    long: (f) => `Desde ${f.year} en ${f.where}; certificado ISO 15189, ${f.staff} químicos y técnicos, convenios con empresas para exámenes de ingreso.`,
  },
  {
    key: "farmacia",
    industryIds: [INDUSTRY.salud, INDUSTRY.comercioMinorista],
    names: ["Farmacias del Puerto", "Farmacias Tapatías", "Farmacias Antequera", "Farmacias del Soconusco"],
    places: ["ver", "gdl", "oax", "tux"],
    short: (f) => `Cadena de ${f.units + 8} farmacias en ${f.place.city}, con consultorio médico junto a cada sucursal.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.staff} empleados, compra a distribuidores nacionales y venta de genéricos.`,
  },
  {
    key: "fisioterapia",
    industryIds: [INDUSTRY.salud],
    names: ["Rehabilita", "Movimiento Regio", "Fisio Centro"],
    places: ["cdmx", "mty", "qro"],
    short: (f) => `Clínica de fisioterapia y rehabilitación deportiva en ${f.place.city}.`,
    long: (f) => `Abrió en ${f.year} en ${f.where}; ${f.units * 3} cubículos, hidroterapia y convenios con equipos deportivos. ${f.staff} terapeutas.`,
  },
  {
    key: "optica",
    industryIds: [INDUSTRY.salud, INDUSTRY.comercioMinorista],
    names: ["Ópticas Visión Clara", "Ópticas Puebla", "Ópticas del Valle de Toluca"],
    places: ["gdl", "pue", "tol"],
    short: (f) => `Ópticas con ${f.units} sucursales en ${f.place.city}: examen de la vista, lentes graduados y armazones.`,
    long: (f) => `Desde ${f.year} en ${f.where}; laboratorio de biselado propio y ${f.staff} optometristas y vendedores.`,
  },
  {
    key: "veterinaria",
    industryIds: [INDUSTRY.salud],
    names: ["Patitas Coyoacán", "Vet Cumbres", "Huellitas Juriquilla"],
    places: ["cdmx", "mty", "qro"],
    short: (f) => `Hospital veterinario para perros y gatos en ${f.place.city}, con estética canina y tienda de alimento.`,
    long: (f) => `Fundado en ${f.year} en ${f.where}; urgencias 24 horas, quirófano y ${f.staff} médicos veterinarios.`,
  },
  // --- Logística y transporte ---------------------------------------------------------
  {
    key: "fletes",
    industryIds: [INDUSTRY.logistica],
    names: ["Fletes Express Iztapalapa", "Mudanzas Tapatías", "Fletes Regios", "Mudanzas Cholula"],
    places: ["cdmx", "gdl", "mty", "pue"],
    short: (f) => `Fletes y mudanzas en ${f.place.city} con ${f.units * 3} camionetas de 3.5 toneladas.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; servicio local y foráneo para hogares y oficinas, con ${f.staff} choferes y cargadores.`,
  },
  {
    key: "autotransporte",
    industryIds: [INDUSTRY.logistica],
    names: ["Transportes Cerro de la Silla", "Carga Coahuilense", "Transportes Frontera Norte", "Autotransportes del Golfo", "Carga Paso del Norte"],
    places: ["mty", "sal", "nld", "ver", "juarez"],
    short: (f) => `Autotransporte de carga federal con ${f.units * 10} tractocamiones, base en ${f.place.city}.`,
    long: (f) =>
      `Empresa fundada en ${f.year} en ${f.where}; caja seca y refrigerada, rutas a la frontera y al Bajío, monitoreo satelital. ${f.staff} operadores.`,
  },
  {
    key: "paqueteria",
    industryIds: [INDUSTRY.logistica],
    names: ["Envíos Ya", "Mensajería Tapatía", "Última Milla Querétaro"],
    places: ["cdmx", "gdl", "qro"],
    short: (f) => `Paquetería y mensajería de última milla en ${f.place.city} para tiendas en línea.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; entrega ${f.units * 2},000 paquetes al día con ${f.staff} repartidores en moto y camioneta.`,
  },
  {
    key: "almacenes",
    industryIds: [INDUSTRY.logistica, INDUSTRY.bienesRaices],
    names: ["Logipark Querétaro", "Centro Logístico Toluca", "Almacenadora Regia", "Depósitos Potosinos"],
    places: ["qro", "tol", "mty", "slp"],
    short: (f) => `Almacenes y centro de distribución de ${f.units * 3},000 m² en ${f.place.city}: almacenaje, surtido de pedidos y cross-dock.`,
    long: (f) => `Opera desde ${f.year} en ${f.where} para marcas de consumo y comercio electrónico; ${f.staff} empleados y andenes para tráileres.`,
  },
  {
    key: "agencia-aduanal",
    industryIds: [INDUSTRY.logistica, INDUSTRY.profesionales],
    names: ["Aduanas Dos Laredos", "Comercio Exterior Colima", "Aduana Otay", "Despachos del Puerto", "Frontera Aduanal"],
    places: ["nld", "manz", "tij", "ver", "juarez"],
    short: (f) => `Agencia aduanal en ${f.place.city}: despacho de importaciones y exportaciones, padrón y clasificación arancelaria.`,
    long: (f) => `Patente desde ${f.year} en ${f.where}; ${f.units * 400} operaciones al mes para maquiladoras y comercializadoras. ${f.staff} empleados.`,
  },
  // --- Construcción y bienes raíces --------------------------------------------------------
  {
    key: "constructora",
    industryIds: [INDUSTRY.construccion],
    names: ["Edificaciones del Bajío", "Naves Potosinas", "Constructora Sarape", "Obras Industriales Regias", "Constructora Hidrocálida"],
    places: ["qro", "slp", "sal", "mty", "ags"],
    short: (f) => `Constructora de naves industriales y obra civil en ${f.place.city}.`,
    long: (f) =>
      `Fundada en ${f.year} en ${f.where}; ha construido ${f.units * 12} naves para parques industriales, con maquinaria propia y ${f.staff} trabajadores.`,
  },
  {
    key: "materiales",
    industryIds: [INDUSTRY.construccion, INDUSTRY.mayorista],
    names: ["Materiales La Angelópolis", "Block Peninsular", "Materiales Mexiquenses", "Materiales del Humaya"],
    places: ["pue", "mer", "tol", "cul"],
    short: (f) => `Distribuidora de materiales para construcción en ${f.place.city}: cemento, varilla, block y agregados.`,
    long: (f) => `Desde ${f.year} en ${f.where}; ${f.units} patios de venta y flotilla de reparto a obra. ${f.staff} empleados.`,
  },
  {
    key: "ferreteria",
    industryIds: [INDUSTRY.comercioMinorista],
    names: ["Tlapalería La Esperanza", "Ferretería Los Volcanes", "Ferretería El Tornillo", "Ferretería Monte Albán"],
    places: ["cdmx", "pue", "leon", "oax"],
    short: (f) =>
      f.placeKey === "cdmx"
        ? `Tlapalería con ${f.units} sucursales en Iztapalapa, ${f.place.city}: pinturas, herramienta, plomería y material eléctrico.`
        : `Ferretería con ${f.units} sucursales en ${f.place.city}: herramienta, pinturas, plomería y material eléctrico.`,
    long: (f) => `Negocio familiar desde ${f.year} en ${f.where}; venta de mostrador y a contratistas, ${f.staff} empleados.`,
  },
  {
    key: "inmobiliaria",
    industryIds: [INDUSTRY.bienesRaices],
    names: ["Inmuebles Montejo", "Caribe Propiedades", "Casas Juriquilla", "Polanco Inmuebles", "Providencia Bienes"],
    places: ["mer", "cun", "qro", "cdmx", "gdl"],
    short: (f) => `Inmobiliaria en ${f.place.city}: venta y renta de casas, departamentos y locales comerciales.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; cartera de ${f.units * 40} propiedades en exclusiva y administración de rentas. ${f.staff} asesores.`,
  },
  {
    key: "vivienda",
    industryIds: [INDUSTRY.construccion, INDUSTRY.bienesRaices],
    names: ["Residencial Los Olivos", "Fraccionamientos Hidrocálidos", "Hogares Sonorenses", "Casas del Humaya"],
    places: ["leon", "ags", "her", "cul"],
    short: (f) => `Desarrolladora de vivienda media con ${f.units} fraccionamientos en ${f.place.city}.`,
    long: (f) => `Desde ${f.year} ha escriturado ${f.units * 300} casas en ${f.where}, con créditos Infonavit y bancarios. ${f.staff} empleados.`,
  },
  {
    key: "renta-maquinaria",
    industryIds: [INDUSTRY.construccion],
    names: ["Grúas Regias", "Maquinaria del Sureste", "Equipos Querétaro"],
    places: ["mty", "vhsa", "qro"],
    short: (f) => `Renta de maquinaria pesada y grúas para construcción en ${f.place.city}: retroexcavadoras, excavadoras y plataformas.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; ${f.units * 10} equipos propios y operadores certificados. ${f.staff} empleados.`,
  },
  // --- Comercio --------------------------------------------------------------------------
  {
    key: "abarrotes",
    industryIds: [INDUSTRY.comercioMinorista],
    names: ["Minisúper La Regia", "Abarrotes Chapala", "Abarrotes El Carmen", "Tienda La Soledad", "Abarrotes Chiapanecos"],
    places: ["mty", "gdl", "pue", "oax", "tux"],
    short: (f) =>
      f.placeKey === "mty"
        ? `Minisúper con ${f.units} tiendas en ${f.place.city}, abiertas 18 horas: abarrotes, vinos y licores.`
        : `Tienda de abarrotes con ${f.units} sucursales en ${f.place.city}, abiertas 18 horas.`,
    long: (f) => `Negocio familiar desde ${f.year} en ${f.where}; compra directa a fabricantes y ${f.staff} empleados.`,
  },
  {
    key: "distribuidora-abarrotes",
    industryIds: [INDUSTRY.mayorista],
    names: ["Distribuidora Peninsular", "Abastos del Grijalva", "Distribuidora Culiacán", "Mayoreo Potosino"],
    places: ["mer", "vhsa", "cul", "slp"],
    short: (f) => `Distribuidora mayorista de abarrotes y productos de limpieza para tiendas de ${f.place.city} y la región.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; surte a ${f.units * 500} tiendas con ${f.units * 2} rutas de preventa. ${f.staff} empleados.`,
  },
  {
    key: "papeleria",
    industryIds: [INDUSTRY.comercioMinorista],
    names: ["Papelería El Lápiz", "Papelería Universitaria", "Papelería Morelos"],
    places: ["cdmx", "pue", "cue"],
    short: (f) => `Papelería y artículos de oficina con ${f.units} tiendas en ${f.place.city}; venta a escuelas y empresas.`,
    long: (f) => `Desde ${f.year} en ${f.where}; temporada escolar fuerte y venta por catálogo a corporativos. ${f.staff} empleados.`,
  },
  {
    key: "muebleria",
    industryIds: [INDUSTRY.comercioMinorista],
    names: ["Mueblería La Casa Bonita", "Mueblería Tapatía", "Mueblería Los Ángeles", "Mueblería Cumbres"],
    places: ["leon", "gdl", "pue", "mty"],
    short: (f) => `Mueblería con exhibición de ${f.units * 300} m² en ${f.place.city}: salas, comedores, recámaras y colchones.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; venta a crédito y contado, ${f.staff} empleados y bodega propia.`,
  },
  {
    key: "fabrica-muebles",
    industryIds: [INDUSTRY.manufactura],
    names: ["Maderas de la Sierra", "Pino Duranguense", "Muebles Tarascos"],
    places: ["chih", "dgo", "mor"],
    short: (f) => `Fabricación de muebles de madera de pino en ${f.place.city} para tiendas departamentales y exportación.`,
    long: (f) => `Taller fundado en ${f.year} en ${f.where}; aserradero propio y ${f.staff} carpinteros.`,
  },
  {
    key: "refaccionaria",
    industryIds: [INDUSTRY.automotriz, INDUSTRY.comercioMinorista],
    names: ["Refaccionaria del Desierto", "Refacciones Humaya", "Auto Refacciones Chihuahua", "Refaccionaria Poblana", "Refaccionaria Bajío"],
    places: ["her", "cul", "chih", "pue", "leon"],
    short: (f) => `Refaccionaria con ${f.units} sucursales en ${f.place.city}: autopartes, lubricantes y acumuladores para vehículos ligeros.`,
    long: (f) => `Desde ${f.year} en ${f.where}; venta a talleres y flotillas con reparto en motocicleta. ${f.staff} empleados.`,
  },
  {
    key: "taller-mecanico",
    industryIds: [INDUSTRY.automotriz],
    names: ["Servicio Automotriz Narvarte", "Taller Mitras", "Mecánica Tlaquepaque"],
    places: ["cdmx", "mty", "gdl"],
    short: (f) => `Taller mecánico automotriz y hojalatería en ${f.place.city}: afinaciones, frenos, suspensión y pintura.`,
    long: (f) => `Fundado en ${f.year} en ${f.where}; convenios con aseguradoras y flotillas, ${f.units * 2} bahías y ${f.staff} mecánicos.`,
  },
  {
    key: "seminuevos",
    industryIds: [INDUSTRY.automotriz, INDUSTRY.comercioMinorista],
    names: ["Autos Juriquilla", "Seminuevos Valle", "Motores Tapatíos"],
    places: ["qro", "mty", "gdl"],
    short: (f) => `Lote de autos seminuevos en ${f.place.city}: vehículos revisados con garantía y financiamiento.`,
    long: (f) => `Desde ${f.year} en ${f.where}; vende ${f.units * 20} unidades al mes y recibe autos a cuenta. ${f.staff} empleados.`,
  },
  {
    key: "boutique-ropa",
    industryIds: [INDUSTRY.textil, INDUSTRY.comercioMinorista],
    names: ["Boutique Andares", "Boutique San Pedro", "Boutique Condesa"],
    places: ["gdl", "mty", "cdmx"],
    short: (f) => `Boutique de ropa para dama con ${f.units} tiendas en ${f.place.city} y venta en línea.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; marcas mexicanas de diseñador y colección propia. ${f.staff} empleados.`,
  },
  {
    key: "calzado",
    industryIds: [INDUSTRY.textil, INDUSTRY.manufactura],
    names: ["Calzado Piel Fina", "Calzado Jalisciense", "Calzado Atenco"],
    places: ["leon", "gdl", "tol"],
    short: (f) => `Fábrica de calzado de piel para caballero y dama en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; produce ${f.units * 1000} pares al mes para zapaterías y tiendas departamentales. ${f.staff} empleados.`,
  },
  {
    key: "uniformes",
    industryIds: [INDUSTRY.textil, INDUSTRY.manufactura],
    names: ["Uniformes Angelópolis", "Confecciones Hidrocálidas", "Uniformes Tlaxcaltecas", "Confecciones de Occidente"],
    places: ["pue", "ags", "tlax", "gdl"],
    short: (f) => `Confección de uniformes escolares, médicos y empresariales en ${f.place.city}.`,
    long: (f) => `Taller fundado en ${f.year} en ${f.where}; ${f.units * 10} máquinas de coser, bordado y serigrafía. ${f.staff} costureras.`,
  },
  // --- Manufactura ------------------------------------------------------------------------
  {
    key: "empaques",
    industryIds: [INDUSTRY.manufactura],
    names: ["Cartonera Queretana", "Corrugados del Norte", "Cajas Tapatías", "Empaques Potosinos", "Cartón Fronterizo"],
    places: ["qro", "mty", "gdl", "slp", "tij"],
    short: (f) => `Fabricación de empaques de cartón corrugado y cajas a la medida en ${f.place.city}.`,
    long: (f) =>
      `Planta fundada en ${f.year} en ${f.where}; ${f.units} líneas de corrugado e impresión flexográfica. Surte a maquiladoras y agroexportadores; ${f.staff} empleados.`,
  },
  {
    key: "plasticos",
    industryIds: [INDUSTRY.manufactura],
    names: ["Polímeros Regios", "Plásticos de Occidente", "Envases Lerma", "Inyectados Bajío"],
    places: ["mty", "gdl", "tol", "leon"],
    short: (f) => `Inyección de plásticos y fabricación de envases de PET en ${f.place.city}.`,
    long: (f) => `Planta fundada en ${f.year} en ${f.where}; ${f.units * 4} inyectoras y sopladoras, clientes de alimentos y cosméticos. ${f.staff} empleados.`,
  },
  {
    key: "maquinados",
    industryIds: [INDUSTRY.manufactura, INDUSTRY.automotriz],
    names: ["Precisión Aeroespacial", "Maquinados Saltillo", "Metalmecánica Chihuahua", "Troqueles Hidrocálidos", "Maquinados Paso del Norte"],
    places: ["qro", "sal", "chih", "ags", "juarez"],
    short: (f) => `Maquinados CNC de precisión para la industria automotriz y aeroespacial en ${f.place.city}.`,
    long: (f) =>
      `Nave industrial desde ${f.year} en ${f.where}; ${f.units * 3} centros de maquinado, certificación IATF 16949 y ${f.staff} empleados.`,
  },
  {
    key: "imprenta",
    industryIds: [INDUSTRY.manufactura, INDUSTRY.medios],
    names: ["Imprenta Tipográfica Centro", "Gráficos Tapatíos", "Impresos Talavera"],
    places: ["cdmx", "gdl", "pue"],
    short: (f) => `Imprenta offset y digital en ${f.place.city}: etiquetas, folletos, revistas y cajas plegadizas.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.units} prensas offset y acabados propios. ${f.staff} empleados.`,
  },
  {
    key: "cosmeticos",
    industryIds: [INDUSTRY.manufactura],
    names: ["Botánica Natural", "Jabones del Mayab"],
    places: ["cdmx", "mer"],
    short: (f) => `Fabricante de cosméticos naturales y jabones artesanales en ${f.place.city}, con marca propia.`,
    long: (f) => `Laboratorio fundado en ${f.year} en ${f.where}; vende en tiendas de autoservicio, farmacias y en línea. ${f.staff} empleados.`,
  },
  // --- Agroindustria ------------------------------------------------------------------------
  {
    key: "aguacate",
    industryIds: [INDUSTRY.agroindustria],
    names: ["Empacadora Hass Uruapan", "Aguacates de la Meseta"],
    places: ["uru", "zamora"],
    short: (f) => `Empacadora de aguacate Hass para exportación en ${f.place.city}.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; certificada por el USDA, ${f.units * 40} huertas proveedoras y ${f.staff} empleados.`,
  },
  {
    key: "invernadero",
    industryIds: [INDUSTRY.agroindustria],
    names: ["Invernaderos del Valle de Culiacán", "Agro Potosino", "Hortalizas del Bajío"],
    places: ["cul", "slp", "irapuato"],
    short: (f) => `Invernaderos de jitomate y pimiento con ${f.units * 10} hectáreas en ${f.place.city}.`,
    long: (f) => `Produce desde ${f.year} en ${f.where}; exporta a Estados Unidos y Canadá con certificación de inocuidad. ${f.staff} trabajadores.`,
  },
  {
    key: "rancho",
    industryIds: [INDUSTRY.agroindustria],
    names: ["Rancho El Sotol", "Ganadera Sonorense", "Rancho La Huasteca"],
    places: ["chih", "her", "ver"],
    short: (f) => `Rancho ganadero de engorda de bovinos en ${f.place.city}.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; ${f.units * 500} cabezas, corrales de engorda y venta a empacadoras. ${f.staff} trabajadores.`,
  },
  {
    key: "berries",
    industryIds: [INDUSTRY.agroindustria],
    names: ["Frutillas de Zamora", "Berries del Bajío"],
    places: ["zamora", "irapuato"],
    short: (f) => `Producción de fresa, frambuesa y zarzamora para exportación en ${f.place.city}.`,
    long: (f) => `Desde ${f.year} en ${f.where}; ${f.units * 15} hectáreas con macrotúnel y empaque en frío. ${f.staff} trabajadores.`,
  },
  {
    key: "finca-cafe",
    industryIds: [INDUSTRY.agroindustria, INDUSTRY.alimentos],
    names: ["Finca Soconusco", "Finca La Cumbre"],
    places: ["tap", "coatepec"],
    short: (f) => `Finca cafetalera con beneficio húmedo en ${f.place.city}: café arábica de altura.`,
    long: (f) => `Produce desde ${f.year} en ${f.where}; ${f.units * 20} hectáreas, exportación de café verde y tostado propio. ${f.staff} trabajadores.`,
  },
  // --- Educación ----------------------------------------------------------------------------
  {
    key: "colegio",
    industryIds: [INDUSTRY.educacion],
    names: ["Colegio Juriquilla", "Colegio Cumbres Regio", "Colegio Angelópolis", "Colegio Montejo", "Colegio del Pedregal"],
    places: ["qro", "mty", "pue", "mer", "cdmx"],
    short: (f) => `Colegio privado de preescolar, primaria y secundaria en ${f.place.city}, bilingüe.`,
    long: (f) => `Fundado en ${f.year} en ${f.where}; ${f.units * 100} alumnos, incorporado a la SEP y ${f.staff} maestros y administrativos.`,
  },
  {
    key: "idiomas",
    industryIds: [INDUSTRY.educacion],
    names: ["English Point", "Speak Bajío", "Border English"],
    places: ["gdl", "leon", "tij"],
    short: (f) => `Escuela de inglés para niños y adultos con ${f.units} planteles en ${f.place.city}.`,
    long: (f) => `Desde ${f.year} en ${f.where}; cursos para empresas y certificaciones internacionales. ${f.staff} maestros.`,
  },
  {
    key: "guarderia",
    industryIds: [INDUSTRY.educacion],
    names: ["Pequeños Pasos", "Mi Primer Mundo", "Rayito de Sol"],
    places: ["mty", "cdmx", "gdl"],
    short: (f) => `Guardería y estancia infantil con capacidad para ${f.units * 20} niños en ${f.place.city}.`,
    long: (f) => `Abrió en ${f.year} en ${f.where}; maternal y lactantes, cocina propia y ${f.staff} educadoras.`,
  },
  // --- Servicios financieros -------------------------------------------------------------
  {
    key: "sofom",
    industryIds: [INDUSTRY.financieros],
    names: ["Crédito Regio", "Financiera Occidente", "Capital Pyme"],
    places: ["mty", "gdl", "cdmx"],
    short: (f) => `SOFOM de créditos simples y arrendamiento para pymes en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; cartera de ${f.sales * 3} millones de pesos y cartera vencida menor al 3%. ${f.staff} empleados.`,
  },
  {
    key: "empeno",
    industryIds: [INDUSTRY.financieros],
    names: ["Empeños La Angelópolis", "Prendamex Jarocho", "Empeño Yucateco"],
    places: ["pue", "ver", "mer"],
    short: (f) => `Casa de empeño con ${f.units} sucursales en ${f.place.city}: préstamos sobre alhajas, electrónicos y autos.`,
    long: (f) => `Opera desde ${f.year} en ${f.where} con registro ante Profeco; ${f.staff} empleados.`,
  },
  {
    key: "seguros",
    industryIds: [INDUSTRY.financieros],
    names: ["Protege Agentes", "Seguros Querétaro Asesores", "Cobertura Tapatía"],
    places: ["cdmx", "qro", "gdl"],
    short: (f) => `Agencia de seguros en ${f.place.city}: autos, gastos médicos mayores, vida y daños para empresas.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; cartera de ${f.units * 1000} pólizas con renovación anual. ${f.staff} agentes.`,
  },
  // --- Energía, telecomunicaciones, minería -------------------------------------------------
  {
    key: "solar",
    industryIds: [INDUSTRY.energia],
    names: ["Sol del Desierto", "Energía Maya", "Solar Hidrocálida", "Fotovoltaica Regia", "Sol Chihuahua"],
    places: ["her", "mer", "ags", "mty", "chih"],
    short: (f) => `Instalación de paneles solares y sistemas fotovoltaicos para empresas y hogares en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.units * 50} sistemas interconectados a CFE y mantenimiento anual. ${f.staff} técnicos.`,
  },
  {
    key: "gasolinera",
    industryIds: [INDUSTRY.energia, INDUSTRY.comercioMinorista],
    names: ["Servicio Tangamanga", "Gasolineras Zacatecanas", "Estaciones Guadiana", "Gasolineras del Humaya"],
    places: ["slp", "zac", "dgo", "cul"],
    short: (f) => `Gasolinera con tienda de conveniencia en ${f.place.city}; ${f.units} estaciones de servicio.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; despacha ${f.units * 500},000 litros al mes. ${f.staff} empleados.`,
  },
  {
    key: "gas-lp",
    industryIds: [INDUSTRY.energia],
    names: ["Gas Angelópolis", "Gas del Valle de Toluca", "Gas Michoacano"],
    places: ["pue", "tol", "mor"],
    short: (f) => `Distribuidora de gas LP en ${f.place.city} con ${f.units * 5} pipas y cilindros a domicilio.`,
    long: (f) => `Permiso de la CRE desde ${f.year} en ${f.where}; planta de almacenamiento y ${f.staff} empleados.`,
  },
  {
    key: "internet",
    industryIds: [INDUSTRY.telecomunicaciones],
    names: ["Fibra Sinaloa", "Conecta Sonora", "Red Zacatecana", "Nayarit Net", "Colima Fibra"],
    places: ["cul", "her", "zac", "tep", "manz"],
    short: (f) => `Proveedor de internet por fibra óptica para hogares y empresas en ${f.place.city}.`,
    long: (f) => `Fundado en ${f.year} en ${f.where}; ${f.units * 2},000 suscriptores y red propia. ${f.staff} empleados.`,
  },
  {
    key: "radio",
    industryIds: [INDUSTRY.medios],
    names: ["Radio Grijalva", "La Chiapaneca FM", "Radio Campeche"],
    places: ["vhsa", "tux", "camp"],
    short: (f) => `Estación de radio FM con cobertura en ${f.place.city} y transmisión por internet.`,
    long: (f) => `Concesión desde ${f.year} en ${f.where}; noticias, música regional y venta de publicidad local. ${f.staff} empleados.`,
  },
  {
    key: "productora",
    industryIds: [INDUSTRY.medios],
    names: ["Cuadro Films", "Foto Tapatía", "Estudio Norte"],
    places: ["cdmx", "gdl", "mty"],
    short: (f) => `Casa productora de video y fotografía comercial en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; comerciales, contenido para marcas y foro de ${f.units * 100} m². ${f.staff} empleados.`,
  },
  {
    key: "mina",
    industryIds: [INDUSTRY.mineria],
    names: ["Minera Veta Grande", "Minera Guadiana", "Minera Santa Bárbara", "Cobre Serrano"],
    places: ["fresnillo", "dgo", "chih", "cananea"],
    short: (f) =>
      f.placeKey === "cananea"
        ? `Mina de cobre a cielo abierto en ${f.place.city}.`
        : `Mina subterránea de plata, plomo y zinc en ${f.place.city}.`,
    long: (f) => `Concesión minera desde ${f.year} en ${f.where}; planta de beneficio propia y ${f.staff} trabajadores.`,
  },
  {
    key: "cantera",
    industryIds: [INDUSTRY.mineria, INDUSTRY.construccion],
    names: ["Mármoles de Tecali", "Canteras de Colón"],
    places: ["pue", "qro"],
    short: (f) => `Extracción y corte de cantera y mármol en ${f.place.city} para fachadas y pisos.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; banco propio y taller de corte. ${f.staff} trabajadores.`,
  },
  // --- Otros servicios ------------------------------------------------------------------------
  {
    key: "limpieza",
    industryIds: [INDUSTRY.profesionales],
    names: ["Brillo Total", "Limpieza Industrial Regia", "Servicios Pulcros", "Limpio Occidente"],
    places: ["cdmx", "mty", "qro", "gdl"],
    short: (f) =>
      f.placeKey === "cdmx"
        ? `Servicios de intendencia para oficinas, plazas comerciales y naves industriales en ${f.place.city}.`
        : `Servicios de limpieza para oficinas, plazas comerciales y naves industriales en ${f.place.city}.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.staff} colaboradores uniformados y contratos anuales con ${f.units * 10} clientes.`,
  },
  {
    key: "seguridad-privada",
    industryIds: [INDUSTRY.profesionales],
    names: ["Guardia Alfa", "Custodia Regia", "Escudo Tapatío"],
    places: ["cdmx", "mty", "gdl"],
    short: (f) => `Seguridad privada en ${f.place.city}: guardias intramuros, monitoreo con cámaras y custodia de mercancía.`,
    long: (f) => `Permiso federal desde ${f.year}, opera en ${f.where} con ${f.staff} elementos y ${f.units * 8} clientes corporativos.`,
  },
  {
    key: "gimnasio",
    industryIds: [INDUSTRY.turismo],
    names: ["Fuerza Regia", "Box Providencia", "Atlético Juriquilla", "Músculo Condesa", "Gimnasio Montejo"],
    places: ["mty", "gdl", "qro", "cdmx", "mer"],
    short: (f) => `Gimnasio de ${f.units * 300} m² en ${f.place.city}: pesas, clases de spinning y entrenamiento funcional.`,
    long: (f) => `Abrió en ${f.year} en ${f.where}; ${f.units * 250} socios con membresía mensual y ${f.staff} entrenadores.`,
  },
  {
    key: "lavanderia",
    industryIds: [INDUSTRY.profesionales],
    names: ["Lavandería Industrial Caribe", "Lavado Clínico", "Lava Regia"],
    places: ["cun", "cdmx", "mty"],
    short: (f) => `Lavandería industrial para hoteles, hospitales y restaurantes en ${f.place.city}.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; lava ${f.units} toneladas de blancos al día con recolección y entrega. ${f.staff} empleados.`,
  },
  {
    key: "salon-eventos",
    industryIds: [INDUSTRY.turismo],
    names: ["Jardín Los Sauces", "Hacienda La Cañada", "Quinta Las Palmas", "Jardín Tlaltenango"],
    places: ["pue", "qro", "mor", "cue"],
    short: (f) => `Salón de eventos y jardín para bodas, XV años y eventos empresariales en ${f.place.city}, con capacidad para ${f.units * 100} personas.`,
    long: (f) => `Opera desde ${f.year} en ${f.where}; ${f.units * 40} eventos al año, estacionamiento y cocina propia.`,
  },
  {
    key: "funeraria",
    industryIds: [INDUSTRY.profesionales],
    names: ["Funerales Tangamanga", "Capillas Hidrocálidas", "Funeraria La Paz Poblana"],
    places: ["slp", "ags", "pue"],
    short: (f) => `Funeraria con capillas de velación y crematorio en ${f.place.city}; planes de previsión a futuro.`,
    long: (f) => `Fundada en ${f.year} en ${f.where}; ${f.units * 400} planes de previsión vigentes y ${f.staff} empleados.`,
  },
];

/** Why the owners list the company, by interest (catalogue ids: 1 growth capital, 2 sell a stake, 3 sell 100%, 4 merger). */
const INTEREST_SETS: ReadonlyArray<ReadonlyArray<number>> = [[1], [3], [2], [1, 2], [4], [2, 4], [3, 4]];
const REASONS: Readonly<Record<string, string>> = {
  "1": "Busca capital para abrir nuevas sucursales.",
  "3": "El fundador se retira y busca un comprador que conserve al equipo.",
  "2": "Los socios ofrecen una participación minoritaria a un socio estratégico.",
  "1,2": "Busca capital y un socio minoritario que aporte experiencia.",
  "4": "Evaluaría una fusión con una empresa complementaria.",
  "2,4": "Abierta a vender una participación o a una fusión.",
  "3,4": "Los dueños buscan la venta total o una fusión.",
};

const SURNAMES = ["Treviño", "Garza", "Ramírez", "Hernández", "Salazar", "Ortiz", "Villarreal", "Aguilar", "Medina", "Cárdenas", "Luna", "Ochoa"];

export interface CatalogueCompany {
  /** Stable key, `archetype-place`: what queries.ts names. */
  readonly key: string;
  /** Confidential: cut out of the search document by the database (migration 0023). */
  readonly name: string;
  readonly stateId: number;
  readonly industryIds: ReadonlyArray<number>;
  readonly interestIds: ReadonlyArray<number>;
  readonly shortDescription: string;
  readonly longDescription: string;
  /** Published and active (listed); a few are drafts or deactivated, to be found by nobody. */
  readonly listed: boolean;
  readonly foundationYear: number;
  readonly headcount: number;
  readonly yearlySales: number;
}

function build(): ReadonlyArray<CatalogueCompany> {
  const entries: CatalogueCompany[] = [];
  // Archetypes interleaved place by place (the first place of every archetype, then the second…), so ids mix sectors.
  const rounds = Math.max(...ARCHETYPES.map((archetype) => archetype.places.length));
  for (let round = 0; round < rounds; round += 1) {
    for (const archetype of ARCHETYPES) {
      const placeKey = archetype.places[round];
      if (placeKey === undefined) continue;
      const position = entries.length + 1;
      const place: Place = PLACES[placeKey];
      const facts: Facts = {
        place,
        placeKey,
        where: where(place),
        year: 1985 + ((position * 7) % 37),
        staff: 6 + ((position * 13) % 90),
        sales: 3 + ((position * 11) % 60),
        units: 2 + (position % 8),
      };
      const interestIds = INTEREST_SETS[position % INTEREST_SETS.length] ?? [1];
      const core = archetype.names[round % archetype.names.length] ?? archetype.key;
      entries.push({
        key: `${archetype.key}-${placeKey}`,
        name: `${core} ${SURNAMES[position % SURNAMES.length] ?? ""}`.trim(),
        stateId: place.stateId,
        industryIds: archetype.industryIds,
        interestIds,
        shortDescription: archetype.short(facts),
        longDescription: `${archetype.long(facts)}\n\n${REASONS[interestIds.join(",")] ?? ""}`,
        listed: true,
        foundationYear: facts.year,
        headcount: facts.staff,
        yearlySales: facts.sales * 1_000_000,
      });
    }
  }
  return [...entries, ...UNLISTED];
}

/** Near neighbours nobody may find: a draft and a deactivated listing that read like the best answers. */
const UNLISTED: ReadonlyArray<CatalogueCompany> = [
  {
    key: "contabilidad-borrador-pue",
    name: "Contaduría Borrador Puebla",
    stateId: 21,
    industryIds: [INDUSTRY.profesionales],
    interestIds: [3],
    shortDescription: "Despacho de contabilidad en Puebla: contabilidad electrónica y nómina para pymes (borrador).",
    longDescription: "Borrador de un despacho contable poblano que aún no se publica.",
    listed: false,
    foundationYear: 2001,
    headcount: 9,
    yearlySales: 4_000_000,
  },
  {
    key: "taqueria-inactiva-mty",
    name: "Taquería Cerrada Regia",
    stateId: 19,
    industryIds: [INDUSTRY.alimentos],
    interestIds: [3],
    shortDescription: "Cadena de taquerías en Monterrey: tacos al pastor y de trompo (desactivada).",
    longDescription: "Listado desactivado por su dueño.",
    listed: false,
    foundationYear: 2010,
    headcount: 20,
    yearlySales: 6_000_000,
  },
];

export const CATALOGUE: ReadonlyArray<CatalogueCompany> = build();

/** The catalogue entry with `key` (a typo in queries.ts fails loudly). */
export function entryOf(key: string): CatalogueCompany {
  const entry = CATALOGUE.find((candidate) => candidate.key === key);
  if (entry === undefined) throw new Error(`no catalogue entry "${key}"`);
  return entry;
}

/** The reference a fresh database gives the entry (ids follow catalogue order): "PUE-0054". */
export const referenceOf = (key: string): string => `PUE-${String(CATALOGUE.indexOf(entryOf(key)) + 1).padStart(4, "0")}`;
