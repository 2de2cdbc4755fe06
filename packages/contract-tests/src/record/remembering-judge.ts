// The judge as the recorder asks it, with what it answered remembered (both bounded): recorded traffic
// repeats its paths, and polling repeats its answers. Routing is a pure function of method and path,
// a verdict of operation, status, content type and body text.
import type { ResponseVerdict } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";
import type { Judge, RouteMatch } from "../judge.js";

const MAX_ROUTES = 4_096;
const MAX_VERDICTS = 256;
/** Longer bodies are judged every time (remembering them would cost memory). */
const MAX_REMEMBERED_BODY = 16_384;

export class RememberingJudge {
  private readonly routes = new Map<string, RouteMatch | undefined>();
  private readonly verdicts = new Map<string, ResponseVerdict>();

  /** `basePath`: the upstream's base path, which is not part of the spec's paths. */
  constructor(
    private readonly judge: Judge,
    private readonly basePath: string,
  ) {}

  /** The operation a recorded request (its method and full upstream URL) addressed, if any. */
  route(method: string, url: string): RouteMatch | undefined {
    const query = url.indexOf("?");
    const key = `${method} ${query === -1 ? url : url.slice(0, query)}`;
    if (this.routes.has(key)) return this.routes.get(key);
    const match = this.judge.route(method, new URL(url).pathname.slice(this.basePath.length) || "/");
    if (this.routes.size >= MAX_ROUTES) this.routes.clear();
    this.routes.set(key, match);
    return match;
  }

  /** The verdict on an answer's body text. */
  verdict(operationId: string, status: number, contentType: string | null, text: string): ResponseVerdict {
    const key =
      text.length <= MAX_REMEMBERED_BODY ? `${operationId} ${status} ${contentType}\n${text}` : undefined;
    const known = key === undefined ? undefined : this.verdicts.get(key);
    if (known) return known;
    const verdict = this.judge.checkResponse(operationId, status, contentType, parseBody(contentType, text));
    if (key !== undefined) {
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }
}
