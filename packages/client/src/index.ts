/** The request and response types of the API under their friendly names (`Task`, `BareMetalServerCreateRequest`, …). */
export type * from "@cloud-contract/types";
export { COMMA_JOINED_PARAMS, PAGE_SIZE_LIMITS } from "@cloud-contract/types";
export {
  EmptyBodyError,
  InvalidJsonError,
  NotJsonError,
  ResponseBodyError,
  ResponseTooLargeError,
  WrongContentTypeError,
} from "./answer-errors.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./body-limit.js";
export type {
  CallControl,
  CallMethod,
  CallOptions,
  CallResult,
  CloudClient,
  HttpMethod,
  PathsWith,
  RequestMethod,
} from "./call-types.js";
export { type CloudClientOptions, createCloudClient, DEFAULT_BASE_URL } from "./create-client.js";
export type { DeprecationHook, DeprecationNotice } from "./deprecation.js";
export { errorBodyMessage } from "./error-message.js";
export type { ErrorStatus } from "./error-types.js";
export {
  AbortError,
  ApiError,
  type ApiErrorConstructor,
  type ApiErrorInit,
  type CallInfo,
  CloudError,
  NetworkError,
  ResponseValidationError,
  type ResponseViolation,
  TimeoutError,
} from "./errors.js";
export { API_KEY_ENV, createAuthMiddleware } from "./middleware/auth.js";
export type { CloudClientLogEvent, CloudClientLogger } from "./middleware/log.js";
export { DEFAULT_RETRY, RETRIED_METHODS, type RetryOptions } from "./middleware/retry.js";
export { DEFAULT_TIMEOUT_MS } from "./middleware/timeout.js";
export {
  DEFAULT_MAX_ITEMS,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  type PageItem,
  type PaginatedPath,
  type PaginateInit,
  type PaginateLimits,
  PaginationError,
  type PaginationStop,
  paginate,
} from "./paginate.js";
export { serializeQuery } from "./query.js";
export type { ValidateResponses } from "./response-check.js";
export {
  type CreateBareMetalServersInit,
  createBareMetalServersAndWait,
  type ReplacePortAllowedAddressPairsInit,
  replacePortAllowedAddressPairsAndWait,
  TaskFailedError,
  TaskMismatchError,
  TaskTimeoutError,
  type WaitOptions,
  waitForTask,
  waitForTasks,
} from "./tasks.js";
export { type FetchResult, type SuccessData, toApiError, unwrap } from "./unwrap.js";
