import type { InstancePricePeriod, InstancePricePreview, InstancePriceVolumes } from "@cloud-contract/types";
import { PRICES, type VolumeType } from "../prices.js";
import type { CloudHandler } from "../tenant.js";
import { projectRegion } from "./project-region.js";

/** Local SSD comes with the flavor (its price is the flavor's): it adds no volume price of its own. */
const WITH_THE_FLAVOR = "ssd_local";
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * POST /cloud/v2/pricing/{project_id}/{region_id}/instances — prices flavor, external and new floating
 * IPs and volumes from the price table, times the number of instances (`names`, or `name_templates` when
 * `names` is empty or absent); equal requests give equal prices. An unknown flavor gives
 * `price_status: "error"` and null totals. It refuses nothing the schema accepts: a volume without a size (its
 * size comes from its image or snapshot) adds no price, `ssd_local` is part of the flavor's price (the
 * reference prices no such volume type), and no names at all price zero instances.
 */
export const previewInstancePrice: CloudHandler<"previewInstancePrice"> = (ctx) => {
  const { projectId } = projectRegion(ctx.app, ctx.params);
  const request = ctx.body;
  const names = request.names?.length ? request.names : (request.name_templates ?? []);
  const vmCount = names.length;

  const volumes = new Map<VolumeType, number>();
  const perVm = { flavor: 0, external_ip: 0, floating_ip: 0 };
  const flavor = ctx.app.reference.cloud.flavors.get(request.flavor);
  if (flavor) perVm.flavor = flavor.price_per_hour;
  for (const iface of request.interfaces) {
    if (iface.type === "external") perVm.external_ip += PRICES.externalIpPerHour;
    if ("floating_ip" in iface && iface.floating_ip?.source === "new")
      perVm.floating_ip += PRICES.floatingIpPerHour;
  }
  for (const volume of request.volumes ?? []) {
    if (volume.source === "existing-volume") continue; // already paid for
    const type = volume.type_name ?? "standard";
    if (type === WITH_THE_FLAVOR || volume.size === undefined || volume.size === null) continue;
    volumes.set(type, (volumes.get(type) ?? 0) + volume.size * PRICES.volumePerGibHour[type]);
  }

  const period = (hours: number, digits: number): InstancePricePeriod => {
    const priced: InstancePriceVolumes = {};
    for (const [type, price] of volumes) priced[type] = round(price * vmCount * hours, digits);
    return {
      flavor: round(perVm.flavor * vmCount * hours, digits),
      external_ip: round(perVm.external_ip * vmCount * hours, digits),
      floating_ip: round(perVm.floating_ip * vmCount * hours, digits),
      volumes: priced,
    };
  };
  const perHour = period(1, 6);
  const perMonth = period(PRICES.hoursPerMonth, 2);
  const discounts = PRICES.discounts[projectId] ?? {};
  const rawHour =
    perVm.flavor + perVm.external_ip + perVm.floating_ip + [...volumes.values()].reduce((a, b) => a + b, 0);
  const discountHour = (perVm.flavor * (discounts.flavor ?? 0)) / 100;
  const tax = 1 + PRICES.taxPercent / 100;
  const totalHour = (rawHour - discountHour) * vmCount * tax;

  const body: InstancePricePreview = {
    currency_code: PRICES.currency,
    discount_details: Object.entries(discounts).map(([resource, percent]) => ({
      resource,
      discount: percent.toFixed(2),
    })),
    discount_percent: rawHour > 0 ? ((discountHour / rawHour) * 100).toFixed(2) : "0.00",
    per_gb: { ...PRICES.perGb },
    per_hour: perHour,
    per_month: perMonth,
    price_status: flavor ? "show" : "error",
    price_without_discount_per_month: flavor
      ? round(rawHour * vmCount * tax * PRICES.hoursPerMonth, 2)
      : null,
    tax_percent: PRICES.taxPercent,
    total_price_per_hour: flavor ? round(totalHour, 4) : null,
    total_price_per_month: flavor ? round(totalHour * PRICES.hoursPerMonth, 2) : null,
    vm_count: vmCount,
  };
  return { status: 200, body };
};
