import type { PlanContent, PlanContentCalcRuleType } from "@cloud-contract/types";
import { itemAt } from "../../../lists.js";
import { Random } from "../../random.js";
import type { BillingRegion, Metric, Plan } from "./shapes.js";

export interface Catalogue {
  plans: Plan[];
  metrics: Metric[];
  billingRegions: BillingRegion[];
  planContents: PlanContent[];
}

const CATEGORIES = [
  { id: 1, name: "Cloud computing" },
  { id: 2, name: "CDN and delivery" },
  { id: 3, name: "Video streaming" },
  { id: 4, name: "Security" },
  { id: 5, name: "Storage" },
  { id: 6, name: "Network and DNS" },
  { id: 7, name: "Support and services" },
];

// [id, name, internal_name, category id]
const PRODUCTS: [number, string, string, number][] = [
  [1, "CDN", "CDN", 2],
  [2, "Cloud", "CLOUD", 1],
  [3, "Streaming Platform", "STREAMING", 3],
  [4, "Object Storage", "STORAGE", 5],
  [5, "DDoS Protection", "DDOS", 4],
  [6, "Managed DNS", "DNS", 6],
  [7, "Web Application Firewall", "WAAP", 4],
  [8, "Dedicated Servers Rent", "RENT", 1],
  [9, "Premium Support", "PREMIUM_SUPPORT", 7],
  [10, "Technical Support", "TECHNICAL_SUPPORT", 7],
  [11, "Connectivity", "CONNECTIVITY", 6],
  [12, "Connect", "CONNECT", 6],
  [13, "Logging as a Service", "LAAS", 5],
  [14, "Managed Services", "MANAGED_SERVICES", 7],
  [15, "Other Services", "OTHER_SERVICES", 7],
  [16, "P2P Delivery", "P2P", 2],
  [17, "Shield Proxy", "SHIELD_PROXY", 4],
  [18, "Software Development", "SOFTWARE_DEVELOPMENT", 7],
  [19, "Infrastructure Protection", "INFRASTRUCTURE_PROTECTION", 4],
  [20, "AI Dedicated Compute", "AI_DEDCOMP", 1],
  [21, "Ghost Hosting", "GHOST", 1],
];

const FEATURES = [
  "traffic",
  "requests",
  "storage volume",
  "instance hours",
  "public IPs",
  "bandwidth 95th",
  "minutes",
];
const UNITS = [
  { id: 1, name: "Gigabyte", internal_name: "GB", size: "1073741824" },
  { id: 2, name: "Hour", internal_name: "HOUR", size: "3600" },
  { id: 3, name: "Piece", internal_name: "PCS", size: "1" },
  { id: 4, name: "10k requests", internal_name: "REQ10K", size: "10000" },
  { id: 5, name: "Megabit per second", internal_name: "MBPS", size: "1000000" },
  { id: 6, name: "Minute", internal_name: "MIN", size: "60" },
];
const CURRENCIES = [
  { id: 1, char_code: "USD", symbol: "$" },
  { id: 2, char_code: "EUR", symbol: "€" },
];
const RULES: PlanContentCalcRuleType[] = [
  "commit",
  "overcommit",
  "post_invoice",
  "staged",
  "stepped",
  "unit",
];

const BILLING_REGIONS: BillingRegion[] = [
  { id: 1, name: "Europe", external_name: "Luxembourg", int_name: "eu" },
  { id: 2, name: "Europe", external_name: "Frankfurt", int_name: "eu-de" },
  { id: 3, name: "North America", external_name: "Ashburn", int_name: "us" },
  { id: 4, name: "Asia", external_name: "Singapore", int_name: "asia" },
  { id: 5, name: "Latin America", external_name: "São Paulo", int_name: "latam" },
  { id: 6, name: "Global", external_name: "Worldwide", int_name: "global" },
];

const PLANS: Plan[] = [
  { id: 317, name: "Reseller Basic", addendum_id: 42 },
  { id: 318, name: "Reseller Pro", addendum_id: 42 },
  { id: 319, name: "Enterprise Europe", addendum_id: 43 },
  { id: 320, name: "Enterprise Americas", addendum_id: 43 },
  { id: 321, name: "Startup", addendum_id: 44 },
  { id: 322, name: "Partner Wholesale", addendum_id: 45 },
];

const ITEMS_PER_PLAN = 40;

/** Generates the billing catalogue (6 plans × 40 items = 240 plan contents) from a seed. */
export function generateCatalogue(seed: number | string): Catalogue {
  const rng = new Random(`plan-contents:${seed}`);
  const features = PRODUCTS.flatMap(([productId, productName], p) =>
    FEATURES.slice(0, 3 + (p % 3)).map((feature, f) => ({
      id: productId * 100 + f + 1,
      name: `${productName} ${feature}`,
      erp_sku_id: `SKU-${String(productId).padStart(3, "0")}-${f + 1}`,
      product: itemAt(PRODUCTS, p),
      unit: itemAt(UNITS, (p + f) % UNITS.length),
    })),
  );
  const metrics: Metric[] = features.map((feature, i) => ({
    id: i + 1,
    ext_name: `${feature.product[2].toLowerCase()}_${feature.name.split(" ").slice(-1)[0]?.toLowerCase()}_${feature.id}`,
  }));

  const planContents: PlanContent[] = [];
  let nextId = 10001;
  for (const [planIndex, plan] of PLANS.entries()) {
    const currency = itemAt(CURRENCIES, planIndex % 2);
    const chosen = new Set<number>();
    while (chosen.size < ITEMS_PER_PLAN) chosen.add(rng.int(0, features.length - 1));
    for (const index of [...chosen].sort((a, b) => a - b)) {
      const feature = features[index] as (typeof features)[number];
      const [productId, productName, internalName, categoryId] = feature.product;
      const category = CATEGORIES.find((c) => c.id === categoryId);
      if (!category) throw new Error(`no product category ${categoryId}`);
      const rule = rng.pick(RULES);
      // Money values carry twelve decimal places, as the public reference's pattern has them.
      const money = (rng.int(1, 50_000) / 10_000).toFixed(12);
      const stages =
        rule === "stepped" || rule === "staged"
          ? [0, 10_000, 100_000].map((threshold, s) => ({
              threshold: String(threshold),
              money_value: (Number(money) * (1 - s * 0.2)).toFixed(12),
            }))
          : [];
      const regionCount = rng.int(1, 3);
      const first = rng.int(0, BILLING_REGIONS.length - regionCount);
      const regions = BILLING_REGIONS.slice(first, first + regionCount).map(
        ({ id, name, external_name }) => ({
          id,
          name,
          external_name,
        }),
      );
      const metric = itemAt(metrics, index);
      planContents.push({
        id: nextId++,
        plan_id: plan.id,
        default: rng.next() < 0.25,
        feature: { id: feature.id, name: feature.name, erp_sku_id: feature.erp_sku_id },
        metric_ext_name: metric.ext_name,
        regions,
        product_category: category,
        product: { id: productId, name: productName, internal_name: internalName },
        calc_rule_type: rule,
        unit: { id: feature.unit.id, name: feature.unit.name, internal_name: feature.unit.internal_name },
        unit_size: feature.unit.size,
        price: { currency: { ...currency }, money_value: money, price_stages: stages },
        default_value: rule === "commit" ? String(rng.int(1, 100) * 100) : "0",
        rounding_rule: {
          unit: { id: feature.unit.id, name: feature.unit.name, internal_name: feature.unit.internal_name },
          value: "1",
          round_operation: "ceil",
        },
        comment: rule === "stepped" ? "The price drops at each threshold of monthly usage." : "",
      });
    }
  }
  return {
    plans: PLANS.map((p) => ({ ...p })),
    metrics,
    billingRegions: BILLING_REGIONS.map((r) => ({ ...r })),
    planContents,
  };
}
