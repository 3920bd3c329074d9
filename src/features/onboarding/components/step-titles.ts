import type { FormStep } from "../../../../machines/onboarding/types.ts";

/** Each form step's title: the step's heading and its sidebar entry (plain data, so tests can read it too). */
export const STEP_TITLES: Readonly<Record<FormStep, string>> = {
  1: "Información general",
  2: "Distribución accionaria",
  3: "Objetivo",
  4: "Ronda de inversión",
  5: "Información de inversión",
  6: "Uso del capital",
  7: "Información financiera",
  8: "Características y atributos",
};
