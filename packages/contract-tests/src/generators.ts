// The request-value generators alone (fast-check over a bundle's schemas), for tools that draw values
// without running the suite: this entry loads neither the client nor the mock.

export { ArbitraryBuilder } from "./generate/arbitrary.js";
export { type Plan, plansOf } from "./generate/plan.js";
