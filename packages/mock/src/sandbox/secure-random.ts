import { itemAt } from "../lists.js";

// Unguessable values (keys, request ids, fault ids) from the Web Crypto global, which Node 20 and browsers
// share. Only `getRandomValues`: unlike `randomUUID`, it is there on pages served over plain http too.

const bytes = (count: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(count));

const hex = (values: Uint8Array): string =>
  Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("");

/** `count` random bytes as lower-case hex digits. */
export function randomHex(count: number): string {
  return hex(bytes(count));
}

/** `count` random bytes in base64url, without padding. */
export function randomBase64Url(count: number): string {
  const base64 = btoa(String.fromCharCode(...bytes(count)));
  return base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A random (version 4) UUID. */
export function randomUuid(): string {
  const values = bytes(16);
  values[6] = (itemAt(values, 6) & 0x0f) | 0x40;
  values[8] = (itemAt(values, 8) & 0x3f) | 0x80;
  const digits = hex(values);
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}
