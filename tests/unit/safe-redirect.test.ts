import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirect } from "../../src/utils/safe-redirect.ts";

describe("safeRedirect", () => {
  it.each([
    ["?redirect=%2Fmi-perfil", "/mi-perfil"],
    ["?redirect=%2Fperfil-de-negocio%2F12%3Ftab%3Ddatos", "/perfil-de-negocio/12?tab=datos"],
    ["redirect=/mis-empresas", "/mis-empresas"],
  ])("keeps the same-site path in %s", (search, expected) => {
    expect(safeRedirect(search)).toBe(expected);
  });

  it.each([
    ["", "no parameter"],
    ["?redirect=", "an empty value"],
    ["?redirect=https%3A%2F%2Fevil.example%2F", "an absolute URL"],
    ["?redirect=%2F%2Fevil.example%2Fphish", "a protocol-relative URL"],
    ["?redirect=%2F%5Cevil.example", "a backslash trick"],
    ["?redirect=%2F%09%2Fevil.example", "a tab the URL parser strips"],
    ["?redirect=javascript%3Aalert(1)", "a javascript: URL"],
    ["?redirect=mi-perfil", "a relative path"],
  ])("ignores %s (%s)", (search) => {
    expect(safeRedirect(search)).toBeNull();
  });
});

describe("loginPathFor", () => {
  it("round-trips through safeRedirect", () => {
    const path = "/mi-empresa/7?tab=dataroom";
    const login = loginPathFor(path);
    expect(login.startsWith("/iniciar-sesion?redirect=")).toBe(true);
    expect(safeRedirect(login.slice(login.indexOf("?")))).toBe(path);
  });
});
