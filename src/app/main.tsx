import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "../styles/global.css.ts";
import { App } from "./App.tsx";

const root = document.getElementById("root");
if (root === null) throw new Error("Missing #root element in index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
