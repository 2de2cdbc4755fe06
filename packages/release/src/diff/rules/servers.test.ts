import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "path-level servers moved to another host",
    expect: "server-changed",
    setup: (d) => (d.paths["/items/{id}"].servers = [{ url: "https://a.example.com/v1" }]),
    mutate: (d) => (d.paths["/items/{id}"].servers[0].url = "https://b.example.com/v1"),
  },
  {
    name: "operation-level servers moved to another host",
    expect: "server-changed",
    mutate: (d) => (getOp(d).servers = [{ url: "https://b.example.com/v1" }]),
    setup: (d) => (d.servers = [{ url: "https://a.example.com/v1" }]),
  },
  {
    name: "server URL changed",
    setup: (d) => (d.servers = [{ url: "https://api.example.com" }]),
    expect: "server-changed",
    mutate: (d) => (d.servers = [{ url: "https://api.example.com/v2" }]),
  },
  {
    name: "server added",
    setup: (d) => (d.servers = [{ url: "https://api.example.com" }]),
    expect: "server-added",
    mutate: (d) => d.servers.push({ url: "https://eu.api.example.com/" }),
  },
  {
    name: "a server variable's enum lost a value",
    setup: (d) =>
      (d.servers = [
        { url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu", "us"] } } },
      ]),
    expect: "server-variable-narrowed",
    mutate: (d) => (d.servers[0].variables.region.enum = ["eu"]),
  },
  {
    name: "a free server variable now lists its values",
    setup: (d) =>
      (d.servers = [{ url: "https://{region}.example.com", variables: { region: { default: "eu" } } }]),
    expect: "server-variable-narrowed",
    mutate: (d) => (d.servers[0].variables.region.enum = ["eu", "us"]),
  },
  {
    name: "a server variable's enum gained a value",
    setup: (d) =>
      (d.servers = [
        { url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu"] } } },
      ]),
    expect: "server-variable-widened",
    mutate: (d) => d.servers[0].variables.region.enum.push("us"),
  },
];

describe("the servers rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
