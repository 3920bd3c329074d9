import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { ChangePasswordRequest, RecoverPasswordRequest, ResetPasswordForm, ResetPasswordRequest, UpdateProfileRequest } from "../../../contracts/accounts.ts";
import { fieldErrors, firstMessage } from "../../../contracts/fields.ts";
import {
  BuyerRegistrationForm,
  BuyerRegistrationRequest,
  SellerRegistrationForm,
  SellerRegistrationRequest,
  buyerRequestFromForm,
  sellerRequestFromForm,
} from "../../../contracts/registration.ts";
import { LoginRequest } from "../../../contracts/sessions.ts";

/**
 * Every validation message of the spec's four account forms (section 5):
 * Login, Buyer registration, Seller registration, Recover password. The
 * forms decode with these schemas on submit and the server decodes the
 * requests with the same ones, so asserting them here covers both sides.
 */

const errorsOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input);
  return Either.isLeft(result) ? fieldErrors(result.left) : {};
};

const decoded = <A, I>(schema: Schema.Schema<A, I>, input: unknown): A => Schema.decodeUnknownSync(schema)(input);

const firstOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input);
  return Either.isLeft(result) ? firstMessage(result.left) : null;
};

describe("Login", () => {
  it("requires the e-mail and the password, and a valid e-mail", () => {
    expect(errorsOf(LoginRequest, { email: "  ", password: "" })).toEqual({
      email: "Debes ingresar tu email",
      password: "Debes ingresar tu contraseña",
    });
    expect(errorsOf(LoginRequest, { email: "ana@", password: "x" })).toEqual({ email: "Ingresa un email válido" });
  });
});

const validBuyer = {
  name: "Ana Pérez",
  buyer_description_id: 1,
  state_id: 19,
  investment_description_summary: "Empresas de manufactura en el Bajío",
  investment_size_id: 2,
  email: "ana@ejemplo.mx",
  phone: "5512345678",
  password: "Segura-2026",
  website: "",
  acceptTerms: true,
};

describe("Buyer registration", () => {
  it("shows the spec's message for every empty field", () => {
    expect(
      errorsOf(BuyerRegistrationForm, {
        name: " ",
        buyer_description_id: null,
        state_id: null,
        investment_description_summary: "   ",
        investment_size_id: null,
        email: "",
        phone: "",
        password: "",
        website: "",
        acceptTerms: false,
      }),
    ).toEqual({
      name: "Debes ingresar tu nombre",
      buyer_description_id: "Debes seleccionar la opción que mejor te describe",
      state_id: "Debes seleccionar tu estado",
      investment_description_summary: "Debes describir tu tesis de inversión",
      investment_size_id: "Debes seleccionar tu ticket de inversión",
      email: "Debes ingresar tu email",
      phone: "Debes ingresar tu teléfono",
      password: "Debes ingresar una contraseña",
      acceptTerms: "Debes aceptar los términos y condiciones para crear tu cuenta",
    });
  });

  it("checks the e-mail format, lower case and the password length", () => {
    expect(errorsOf(BuyerRegistrationForm, { ...validBuyer, email: "ana.ejemplo.mx" })).toEqual({ email: "Ingresa un email válido" });
    expect(errorsOf(BuyerRegistrationForm, { ...validBuyer, email: "Ana@Ejemplo.mx" })).toEqual({
      email: "El correo debe estar en minúsculas",
    });
    expect(errorsOf(BuyerRegistrationForm, { ...validBuyer, password: "1234567" })).toEqual({
      password: "La contraseña debe ser de al menos 8 caracteres",
    });
  });

  it("keeps the website optional, trims text and drops acceptTerms from the payload", () => {
    const form = decoded(BuyerRegistrationForm, { ...validBuyer, name: "  Ana Pérez  ", website: "" });
    const body = buyerRequestFromForm(form);
    expect(body).toEqual({
      buyer_description_id: 1,
      state_id: 19,
      investment_description_summary: "Empresas de manufactura en el Bajío",
      investment_size_id: 2,
      user: { email: "ana@ejemplo.mx", password: "Segura-2026", phone: "5512345678", name: "Ana Pérez" },
    });
    expect(Object.keys(body)).not.toContain("acceptTerms");
    expect(decoded(BuyerRegistrationRequest, body)).toEqual(body);
    const withSite = buyerRequestFromForm(decoded(BuyerRegistrationForm, { ...validBuyer, website: " https://ana.mx " }));
    expect(withSite.user.website).toBe("https://ana.mx");
  });

  it("answers the same messages on the wire (nested user)", () => {
    expect(firstOf(BuyerRegistrationRequest, { ...buyerRequestFromForm(decoded(BuyerRegistrationForm, validBuyer)), user: { email: "ANA@EJEMPLO.MX", password: "Segura-2026", phone: "1", name: "Ana" } })).toBe(
      "El correo debe estar en minúsculas",
    );
    expect(firstOf(BuyerRegistrationRequest, { state_id: 19 })).toBe("Debes seleccionar la opción que mejor te describe");
  });
});

const validSeller = {
  email: "carlos@empresa.mx",
  password: "Segura-2026",
  phone: "8112345678",
  username: "Carlos Treviño",
  companyname: "Tortillería El Sol",
  website: "https://elsol.mx",
  foundation_date: "2004",
  headcount: "35",
  short_description: "Tortillería con tres sucursales en Monterrey",
  industry_id: 3,
  company_type_id: 1,
  state_id: 19,
  country_id: 1,
  interest_id: 3,
  user_company_role_id: 1,
  ebitda_range_id: 3,
  sales_range_id: 4,
};

describe("Seller registration", () => {
  it("shows the spec's message for every empty field", () => {
    expect(
      errorsOf(SellerRegistrationForm, {
        email: "",
        password: "",
        phone: " ",
        username: "",
        companyname: "",
        website: "",
        foundation_date: "",
        headcount: "",
        short_description: "",
        industry_id: null,
        company_type_id: null,
        state_id: null,
        country_id: null,
        interest_id: null,
        user_company_role_id: null,
        ebitda_range_id: null,
        sales_range_id: null,
      }),
    ).toEqual({
      email: "Debes ingresar tu email",
      password: "Debes ingresar una contraseña",
      phone: "Debes ingresar tu teléfono",
      username: "Debes ingresar tu nombre",
      companyname: "Debes ingresar el nombre de la empresa",
      website: "Debes ingresar la página web",
      foundation_date: "Debes ingresar el año de fundación",
      headcount: "Debes ingresar el número de colaboradores",
      short_description: "Debes ingresar una descripción corta",
      industry_id: "Debes seleccionar una industria",
      company_type_id: "Debes seleccionar un tipo de empresa",
      state_id: "Debes seleccionar un estado",
      country_id: "Debes seleccionar un país",
      interest_id: "Debes seleccionar un interés",
      user_company_role_id: "Debes seleccionar tu rol en la empresa",
      ebitda_range_id: "Debes seleccionar rango de EBITDA",
      sales_range_id: "Debes seleccionar rango de ventas",
    });
  });

  it("checks the e-mail format, the password length, the headcount minimum and the year", () => {
    expect(errorsOf(SellerRegistrationForm, { ...validSeller, email: "carlos@empresa" })).toEqual({ email: "Ingresa un email válido" });
    expect(errorsOf(SellerRegistrationForm, { ...validSeller, password: "corta" })).toEqual({
      password: "La contraseña debe ser de al menos 8 caracteres",
    });
    expect(errorsOf(SellerRegistrationForm, { ...validSeller, headcount: "0" })).toEqual({ headcount: "No puede ser menor a 1" });
    expect(errorsOf(SellerRegistrationForm, { ...validSeller, foundation_date: "3024" })).toEqual({
      foundation_date: "Ingresa un año de fundación válido",
    });
    expect(errorsOf(SellerRegistrationForm, { ...validSeller, foundation_date: "dos mil" })).toEqual({
      foundation_date: "Ingresa un año de fundación válido",
    });
  });

  it("maps the form names to the payload (user{}, name, yearly_sales_range_id) with numbers", () => {
    const body = sellerRequestFromForm(decoded(SellerRegistrationForm, validSeller));
    expect(body).toEqual({
      user: { email: "carlos@empresa.mx", password: "Segura-2026", phone: "8112345678", name: "Carlos Treviño" },
      name: "Tortillería El Sol",
      website: "https://elsol.mx",
      foundation_date: 2004,
      headcount: 35,
      short_description: "Tortillería con tres sucursales en Monterrey",
      industry_id: 3,
      company_type_id: 1,
      state_id: 19,
      country_id: 1,
      interest_id: 3,
      user_company_role_id: 1,
      ebitda_range_id: 3,
      yearly_sales_range_id: 4,
    });
    expect(decoded(SellerRegistrationRequest, body)).toEqual(body);
  });

  it("answers the same messages on the wire", () => {
    const body = sellerRequestFromForm(decoded(SellerRegistrationForm, validSeller));
    expect(firstOf(SellerRegistrationRequest, { ...body, headcount: 0 })).toBe("No puede ser menor a 1");
    expect(firstOf(SellerRegistrationRequest, { ...body, yearly_sales_range_id: null })).toBe("Debes seleccionar rango de ventas");
    expect(firstOf(SellerRegistrationRequest, { ...body, user: { ...body.user, password: "1234" } })).toBe(
      "La contraseña debe ser de al menos 8 caracteres",
    );
    expect(firstOf(SellerRegistrationRequest, { ...body, foundation_date: "2004" })).toBe("Debes ingresar el año de fundación");
  });
});

describe("Recover password", () => {
  it("asks for a valid e-mail", () => {
    expect(errorsOf(RecoverPasswordRequest, { email: "" })).toEqual({ email: "Debes ingresar tu email" });
    expect(errorsOf(RecoverPasswordRequest, { email: "no-es-email" })).toEqual({ email: "Ingresa un email válido" });
  });

  it("asks for a new password of 8 or more characters, confirmed", () => {
    expect(errorsOf(ResetPasswordForm, { password: "", password_confirmation: "" })).toEqual({
      password: "Debes ingresar una contraseña",
    });
    expect(errorsOf(ResetPasswordForm, { password: "1234567", password_confirmation: "1234567" })).toEqual({
      password: "La contraseña debe ser de al menos 8 caracteres",
    });
    expect(errorsOf(ResetPasswordForm, { password: "Segura-2026", password_confirmation: "Segura-2027" })).toEqual({
      password_confirmation: "Los campos no coinciden",
    });
    expect(errorsOf(ResetPasswordForm, { password: "Segura-2026", password_confirmation: "Segura-2026" })).toEqual({});
  });

  it("checks the same on the wire, plus the token", () => {
    expect(firstOf(ResetPasswordRequest, { recover_token: "t", password: "Segura-2026", password_confirmation: "otra-cosa" })).toBe(
      "Los campos no coinciden",
    );
    expect(firstOf(ResetPasswordRequest, { recover_token: "", password: "Segura-2026", password_confirmation: "Segura-2026" })).toBe(
      "El enlace para recuperar tu contraseña no es válido o ya venció. Solicita uno nuevo.",
    );
  });
});

describe("My profile", () => {
  it("requires name and phone and the current password; confirms the new one", () => {
    expect(errorsOf(UpdateProfileRequest, { name: " ", phone: "" })).toEqual({
      name: "Debes ingresar tu nombre",
      phone: "Debes ingresar tu teléfono",
    });
    expect(errorsOf(ChangePasswordRequest, { current_password: "", new_password: "corta", password_confirmation: "" })).toEqual({
      current_password: "Debes ingresar tu contraseña actual",
      new_password: "La contraseña debe ser de al menos 8 caracteres",
    });
    expect(errorsOf(ChangePasswordRequest, { current_password: "x", new_password: "Segura-2026", password_confirmation: "Segura-2025" })).toEqual({
      password_confirmation: "Los campos no coinciden",
    });
  });
});
