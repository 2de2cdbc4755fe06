import { SANDBOX_FIXTURES as F } from "../../fixtures/ids.js";

/** The price table of the instance price preview (EUR, before tax). Flavor prices are in the flavor list. */
export const PRICES = {
  currency: "EUR" as const,
  taxPercent: 20,
  hoursPerMonth: 730,
  externalIpPerHour: 0.0041,
  floatingIpPerHour: 0.0045,
  /** Per GiB and hour, by volume type. */
  volumePerGibHour: {
    standard: 0.00006,
    ssd_hiiops: 0.00014,
    ssd_lowlatency: 0.0002,
    cold: 0.00003,
    ultra: 0.0003,
  },
  perGb: { egress_traffic_baremetal: 0.005, egress_traffic_virtual: 0.01 },
  /** Discounts in percent per project and priced resource. */
  discounts: { [F.projectId]: { flavor: 10 } } as Record<number, Record<string, number>>,
};

export type VolumeType = keyof typeof PRICES.volumePerGibHour;
