import {
  BedDouble,
  Briefcase,
  Car,
  Cog,
  Cpu,
  Diamond,
  FlaskConical,
  Gem,
  Hammer,
  Lamp,
  Pill,
  ScrollText,
  Shirt,
  Sofa,
  UtensilsCrossed,
  type LucideIcon,
} from "lucide-react";
import type { ProductCategory } from "~/lib/categories";

/** Each top category's picture, on the home page's tiles and on /categories. */
export const CATEGORY_ICONS: Record<ProductCategory, LucideIcon> = {
  "apparel-and-textiles": Shirt,
  "home-textiles": BedDouble,
  handicrafts: Hammer,
  "home-decor": Lamp,
  furniture: Sofa,
  jewellery: Gem,
  gems: Diamond,
  "leather-goods": Briefcase,
  "spices-and-food": UtensilsCrossed,
  chemicals: FlaskConical,
  pharmaceuticals: Pill,
  "engineering-goods": Cog,
  "auto-components": Car,
  electronics: Cpu,
  "paper-and-packaging": ScrollText,
};
