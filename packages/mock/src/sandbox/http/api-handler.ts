import type { IncomingMessage, ServerResponse } from "node:http";
import type { CompiledOperation } from "../openapi/operations.js";
import { DEFAULT_MAX_BODY_BYTES } from "./body-limit.js";
import { nodeAdapter } from "./node-adapter.js";
import { createPipeline, type PipelineOptions } from "./pipeline.js";

export type { Handler, HandlerResult, HandlerTable, RequestContext, RequestShape } from "./handler.js";

export interface ApiHandlerOptions<App> extends PipelineOptions<App> {
  /** Largest accepted body in bytes (default {@link DEFAULT_MAX_BODY_BYTES}); a larger one is a 413. */
  maxBodyBytes?: number;
}

export interface ApiHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  operations: CompiledOperation[];
}

/**
 * The `node:http` request handler of a server driven by an OpenAPI document: the pipeline of
 * {@link createPipeline} behind the `node:http` adapter.
 */
export function createApiHandler<App>(options: ApiHandlerOptions<App>): ApiHandler {
  const core = createPipeline(options);
  const handler = nodeAdapter(core, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return Object.assign(handler, { operations: core.operations });
}
