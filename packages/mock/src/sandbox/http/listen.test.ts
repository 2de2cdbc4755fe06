import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep } from "../../test-support/sandbox.js";
import { KEEP_ALIVE_MS, type Listening, listen } from "./listen.js";

/** Sends one keep-alive GET on `socket` and resolves with the status line of the answer. */
function statusLineOf(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const onData = (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\nok")) done(() => resolve(answer.split("\r\n")[0] ?? ""));
    };
    const onEnd = () =>
      done(() => reject(new Error(`the server closed the connection (got ${JSON.stringify(answer)})`)));
    const done = (then: () => void) => {
      socket.off("data", onData).off("end", onEnd).off("error", onEnd);
      then();
    };
    socket.on("data", onData).on("end", onEnd).on("error", onEnd);
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  });
}

describe("listen", () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listen((_req, res) => res.end("ok"));
  });
  afterAll(() => server.close());

  it("keeps an idle connection open well beyond a client's own idle limit, so a busy client can reuse it", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(10_000);
    const socket = connect(server.port, "127.0.0.1");
    try {
      expect(await statusLineOf(socket)).toBe("HTTP/1.1 200 OK");
      // Longer than undici's 4 s and Node's 5 s default: a client stalled this long sends again.
      await sleep(6_000);
      expect(await statusLineOf(socket)).toBe("HTTP/1.1 200 OK");
    } finally {
      socket.destroy();
    }
  });
});
