import { declareService, NO_PART } from "../service.js";
import { generateCatalogue } from "./catalogue.js";
import { billingErrorBody } from "./error-body.js";
import { BILLING_HANDLERS } from "./handlers/index.js";

/** The billing service: the plan catalogue, generated from the seed. */
export const BILLING_SERVICE = declareService({
  entities: {},
  counters: {},
  reference: (seed) => ({ catalogue: generateCatalogue(seed) }),
  listReference: ({ catalogue }) => ({
    plans: catalogue.plans,
    metrics: catalogue.metrics,
    billingRegions: catalogue.billingRegions,
    planContents: catalogue.planContents,
  }),
  tenantPart: () => NO_PART,
  handlers: BILLING_HANDLERS,
  errorBody: billingErrorBody,
});
