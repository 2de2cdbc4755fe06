import { describe, expect, it } from "vitest";
import { Store } from "../store.js";
import { SERVICES } from "./services.js";

const services = Object.values(SERVICES);
const repeated = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

describe("the services' declarations", () => {
  it("name every kind of entity, counter and exported list once across the services", () => {
    expect(repeated(services.flatMap((s) => Object.keys(s.entities)))).toEqual([]);
    expect(repeated(services.flatMap((s) => Object.keys(s.counters)))).toEqual([]);
    const store = new Store();
    const lists = Object.entries(SERVICES).flatMap(([name, service]) =>
      Object.keys(
        (service.listReference as (r: unknown) => object)(store.reference[name as keyof typeof SERVICES]),
      ),
    );
    expect(repeated([...lists, ...services.flatMap((s) => Object.keys(s.entities))])).toEqual([]);
  });

  it("make the state export: each service's reference data and entities, as lists under their names", () => {
    const state = new Store().snapshot();
    expect(Object.keys(state).sort()).toEqual(
      [
        "appTemplates",
        "billingRegions",
        "cdnResources",
        "flavors",
        "images",
        "instances",
        "metrics",
        "networks",
        "notificationSettings",
        "planContents",
        "plans",
        "ports",
        "projects",
        "quotas",
        "regions",
        "resellers",
        "securityGroups",
        "streams",
        "tasks",
      ].sort(),
    );
    for (const list of Object.values(state)) expect(list).toBeInstanceOf(Array);
  });

  it("start each counter from its declared value, and keep it in the store's meta by name", () => {
    const store = new Store();
    expect(store.meta()).toMatchObject(SERVICES.iam.counters);
    store.counters.nextNotificationId += 5;
    store.reset();
    expect(store.meta()).toMatchObject(SERVICES.iam.counters);
  });
});
