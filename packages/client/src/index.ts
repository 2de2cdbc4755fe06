export {
  type CloudClient,
  type CloudClientOptions,
  createCloudClient,
  DEFAULT_BASE_URL,
} from "./create-client.js";
export { errorBodyMessage } from "./error-message.js";
export {
  ApiError,
  type ApiErrorInit,
  type CallInfo,
  CloudError,
  NetworkError,
  TimeoutError,
} from "./errors.js";
export { API_KEY_ENV, createAuthMiddleware } from "./middleware/auth.js";
export type { CloudClientLogEvent, CloudClientLogger } from "./middleware/log.js";
export { DEFAULT_RETRY, RETRIED_METHODS, type RetryOptions } from "./middleware/retry.js";
export { DEFAULT_TIMEOUT_MS } from "./middleware/timeout.js";
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_LIMITS,
  type PageItem,
  type PaginatedPath,
  type PaginateInit,
  paginate,
} from "./paginate.js";
export { COMMA_JOINED_PARAMS, serializeQuery } from "./query.js";
export {
  type CreateBareMetalServersInit,
  createBareMetalServersAndWait,
  type ReplacePortAllowedAddressPairsInit,
  replacePortAllowedAddressPairsAndWait,
  TaskFailedError,
  TaskTimeoutError,
  type WaitOptions,
  waitForTask,
  waitForTasks,
} from "./tasks.js";
export { type FetchResult, type SuccessData, toApiError, unwrap } from "./unwrap.js";
