import { describe, expect, it } from "vitest";
import { parseInvocation, UsageError } from "./cli-args.js";

describe("parseInvocation", () => {
  it.each([
    [["prism"], { command: "prism", port: 4010, host: "127.0.0.1", dynamic: false, verbose: false }],
    [["prism", "--port", "0", "--dynamic"], { command: "prism", port: 0, dynamic: true }],
    [["sandbox"], { command: "sandbox", port: 4011, seed: undefined, taskDelayMs: undefined }],
    [
      ["sandbox", "--port=65535", "--seed", "4294967295", "--task-delay", "0", "--state-file", "s.json"],
      { command: "sandbox", port: 65535, seed: 4294967295, taskDelayMs: 0, stateFile: "s.json" },
    ],
    [["sandbox", "--task-delay", "86400000"], { taskDelayMs: 86_400_000 }],
    [["sandbox"], { databaseTimeouts: {} }],
    [
      [
        "sandbox",
        "--database-url",
        "postgres://h/db",
        "--db-connect-timeout",
        "1",
        "--db-lock-timeout=600000",
      ],
      { databaseUrl: "postgres://h/db", databaseTimeouts: { connectMs: 1, lockMs: 600_000 } },
    ],
    [
      ["sandbox", "--database-url", "postgres://h/db", "--db-query-timeout", "250"],
      { databaseTimeouts: { queryMs: 250 } },
    ],
    [["sandbox", "--seed-file", "seed.json"], { command: "sandbox", seedFile: "seed.json", seed: undefined }],
    [
      ["seed-from-har", "a.har", "b.har", "--out", "seed.json", "--seed", "7"],
      { command: "seed-from-har", hars: ["a.har", "b.har"], out: "seed.json", seed: 7 },
    ],
    [["sandbox"], { rateLimits: undefined }],
    [["sandbox", "--rate-limits", "on"], { rateLimits: true }],
    [["sandbox", "--rate-limits=off"], { rateLimits: false }],
    [["sandbox"], { allowOrigins: [], allowHosts: [] }],
    [
      [
        "sandbox",
        "--allow-origin",
        "http://localhost:3000",
        "--allow-origin=HTTPS://App.Test/",
        "--allow-host",
        "sandbox.test",
      ],
      { allowOrigins: ["http://localhost:3000", "https://app.test"], allowHosts: ["sandbox.test"] },
    ],
    [["--help"], { command: "help" }],
  ])("%j → %o", (argv, expected) => {
    expect(parseInvocation(argv)).toMatchObject(expected);
  });

  it.each([
    ["--port", "-1"],
    ["--port", "1.5"],
    ["--port", "65536"],
    ["--port", ""],
    ["--port", "0x10"],
    ["--seed", "junk"],
    ["--seed", "-3"],
    ["--seed", "1e3"],
    ["--seed", "4294967296"],
    ["--task-delay", "abc"],
    ["--task-delay", "86400001"],
    ["--task-delay", " 5"],
    ["--host", " "],
    ["--state-file", ""],
    ["--rate-limits", "yes"],
    ["--allow-origin", "null"],
    ["--allow-origin", "localhost:3000"],
    ["--allow-origin", "http://localhost:3000/app"],
    ["--allow-origin", "http://localhost:3000?x=1"],
    ["--allow-origin", "file:///tmp/page.html"],
    ["--allow-origin", "http://user@localhost:3000"],
    ["--allow-host", "sandbox.test/path"],
    ["--allow-host", ""],
  ])("refuses sandbox %s %j", (flag, value) => {
    expect(() => parseInvocation(["sandbox", flag, value])).toThrow(UsageError);
  });

  it.each([
    [["sandbox", "--dynamic"], /--dynamic is not an option of "sandbox"/],
    [["sandbox", "--seed", "1", "--seed-file", "s.json"], /--seed or --seed-file, not both/],
    [["sandbox", "--out", "s.json"], /--out is not an option of "sandbox"/],
    [["seed-from-har", "a.har"], /Give --out/],
    [["seed-from-har", "--out", "s.json"], /one or more HAR files/],
    [
      ["seed-from-har", "a.har", "--out", "s.json", "--port", "1"],
      /--port is not an option of "seed-from-har"/,
    ],
    [["prism", "--task-delay", "5"], /--task-delay is not an option of "prism"/],
    [["prism", "--dynamic=yes"], /--dynamic/],
    [["prism", "extra"], /positional/i],
    [["sandbox", "--port"], /argument missing/],
    [["sandbox", "--db-query-timeout", "500"], /--db-query-timeout needs --database-url/],
    [["sandbox", "--data-dir", "d", "--db-lock-timeout", "500"], /--db-lock-timeout needs --database-url/],
    [
      ["sandbox", "--database-url", "postgres://h/db", "--db-connect-timeout", "0"],
      /--db-connect-timeout must be a whole number from 1 to 600000/,
    ],
    [["sandbox", "--database-url", "postgres://h/db", "--db-query-timeout", "600001"], /--db-query-timeout/],
    [["sandbox", "--database-url", "postgres://h/db", "--db-query-timeout=junk"], /--db-query-timeout/],
    [["sandbox", "--database-url", "postgres://h/db", "--db-lock-timeout=-5"], /--db-lock-timeout/],
    [["sandbox", "--database-url", "postgres://h/db", "--db-connect-timeout="], /--db-connect-timeout/],
    [["prism", "--db-lock-timeout", "5"], /--db-lock-timeout is not an option of "prism"/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(message);
  });
});
