import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { referers, servicesInterested } from "../catalogues/schema.ts";

// --- Public site: contact leads ------------------------------------------------

export const leads = pgTable("leads", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  serviceInterestedId: integer("service_interested_id")
    .notNull()
    .references(() => servicesInterested.id),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  refererId: integer("referer_id")
    .notNull()
    .references(() => referers.id),
  createdAt: createdAt(),
});
