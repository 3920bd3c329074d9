import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import {
  BuyerRegistrationRequest,
  BuyerRegistrationResponse,
  SellerRegistrationRequest,
  SellerRegistrationResponse,
} from "../../contracts/registration.ts";
import { registerBuyer, registerSeller } from "../accounts/registration.ts";
import { decodeBody } from "../http/decode.ts";
import type { RouteContext } from "./context.ts";

const decodeBuyer = decodeBody(BuyerRegistrationRequest);
const decodeSeller = decodeBody(SellerRegistrationRequest);
const encodeBuyer = Schema.encodeSync(BuyerRegistrationResponse);
const encodeSeller = Schema.encodeSync(SellerRegistrationResponse);

/** Public sign-up: POST /buyers and POST /sellers (rate limited per IP). */
export function registerRegistrationRoutes(app: FastifyInstance, { db, rateLimiter }: RouteContext): void {
  app.post("/buyers", { preHandler: rateLimiter.guard("signup") }, async (request, reply) => {
    const buyer = await registerBuyer(db, decodeBuyer(request));
    request.log.info({ userId: buyer.id }, "buyer registered");
    return reply.code(201).send(encodeBuyer(buyer));
  });

  app.post("/sellers", { preHandler: rateLimiter.guard("signup") }, async (request, reply) => {
    const seller = await registerSeller(db, decodeSeller(request));
    request.log.info({ userId: seller.id, companyId: seller.company.id }, "seller registered");
    return reply.code(201).send(
      encodeSeller({ id: seller.id, email: seller.email, company: { id: seller.company.id, human_id: seller.company.humanId } }),
    );
  });
}
