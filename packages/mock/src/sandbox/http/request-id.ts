import { randomHex } from "../secure-random.js";

/** Makes unique 32-hex-digit request ids cheaply: a random prefix per server and a counter. */
export function requestIdFactory(): () => string {
  const prefix = randomHex(8);
  let counter = 0;
  return () => {
    counter = (counter + 1) % 0x1_0000_0000_0000;
    return prefix + counter.toString(16).padStart(16, "0");
  };
}
