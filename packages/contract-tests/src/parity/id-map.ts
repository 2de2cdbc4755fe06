// The ids a recording's answers handed out, mapped to those the target hands out for the same exchange:
// found through the spec's links (the values their runtime expressions read from both answers), then put
// in place of the recorded ids in every later request (path segments, query values, body strings).
import { evaluateEach, type LinkSource, type Operation } from "@cloud-contract/spec/document";

export class IdMap {
  private readonly ids = new Map<string, string>();

  get size(): number {
    return this.ids.size;
  }

  /** Learns the pairs one exchange's links give (recorded value → target value). */
  learn(operation: Operation, status: number, recorded: LinkSource, target: LinkSource): void {
    for (const link of operation.links) {
      if (link.status !== String(status)) continue;
      for (const expression of [...Object.values(link.parameters), link.lists]) {
        if (typeof expression !== "string" || !expression.startsWith("$response.")) continue;
        const before = evaluateEach(expression, recorded);
        const after = evaluateEach(expression, target);
        before.forEach((value, n) => {
          const mapped = after[n];
          if (mapped !== undefined && String(value) !== String(mapped))
            this.ids.set(String(value), String(mapped));
        });
      }
    }
  }

  /** The target's id for a recorded one (the value itself when it was never mapped). */
  id(value: string): string {
    return this.ids.get(value) ?? value;
  }

  /** A path with every segment that is a recorded id replaced. */
  path(path: string): string {
    return path
      .split("/")
      .map((segment) => {
        const mapped = this.ids.get(decodeURIComponent(segment));
        return mapped === undefined ? segment : encodeURIComponent(mapped);
      })
      .join("/");
  }

  query(query: Array<[string, string]>): Array<[string, string]> {
    return query.map(([name, value]) => [name, this.ids.get(value) ?? value]);
  }

  body(value: unknown): unknown {
    if (typeof value === "string") return this.ids.get(value) ?? value;
    if (Array.isArray(value)) return value.map((item) => this.body(item));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.body(item)]));
    }
    return value;
  }
}
