import { describe, expect, it } from "vitest";
import { randomBase64Url, randomHex, randomUuid } from "./secure-random.js";

describe("secure random values", () => {
  it("hex: two digits per byte, different each time", () => {
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomHex(8))).size).toBe(100);
  });

  it("base64url: the url-safe alphabet, no padding, the length of the bytes' encoding", () => {
    for (let i = 0; i < 200; i++) expect(randomBase64Url(24)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomBase64Url(1)).toMatch(/^[A-Za-z0-9_-]{2}$/);
    expect(Buffer.from(randomBase64Url(24), "base64url")).toHaveLength(24);
  });

  it("uuid: version 4, RFC 4122 variant", () => {
    const uuids = Array.from({ length: 200 }, () => randomUuid());
    for (const uuid of uuids)
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids).size).toBe(uuids.length);
  });
});
