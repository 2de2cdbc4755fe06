import { getOrAdd } from "../../indexes/get-or-add.js";
import { declareService } from "../service.js";
import { type Catalogue, generateCatalogue } from "./catalogue.js";

/** The catalogue is read-only and depends on the seed alone, so stores of one seed share it. */
const catalogues = new Map<number | string, Catalogue>();

/** The billing service: the plan catalogue, generated from the seed. */
export const BILLING_SERVICE = declareService({
  entities: {},
  counters: {},
  reference: (seed) => ({ catalogue: getOrAdd(catalogues, seed, () => generateCatalogue(seed)) }),
  listReference: ({ catalogue }) => ({
    plans: catalogue.plans,
    metrics: catalogue.metrics,
    billingRegions: catalogue.billingRegions,
    planContents: catalogue.planContents,
  }),
});
