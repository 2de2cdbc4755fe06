import { describe, expect, it } from "vitest";
import { isLocalUrl } from "./network.js";

describe("isLocalUrl", () => {
  it.each([
    ["file:///work/spec/dist/docs/index.html", true],
    ["data:image/svg+xml,%3Csvg%3E", true],
    ["blob:null/30c26177-719b-4c94-b3e6-2183ae411d18", true],
    ["http://127.0.0.1:8080/__reload", true],
    ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", false],
    ["https://otel.cloud.redocly.com/v1/traces", false],
    ["http://localhost.example.com/", false],
    ["http://10.0.0.1/", false],
  ])("%s → %s", (url, local) => {
    expect(isLocalUrl(url)).toBe(local);
  });
});
