/// <reference types="vite/client" />

/** Build-time settings of the app (set them when building: `VITE_BOT_URL=... npm run build`). */
interface ImportMetaEnv {
  /** The chatbot embedded on /puente-bot (an https URL that allows framing); unset shows a notice. */
  readonly VITE_BOT_URL?: string;
  /** The explainer video embedded in the video modals (an https embed URL); unset shows a summary. */
  readonly VITE_VIDEO_URL?: string;
}
