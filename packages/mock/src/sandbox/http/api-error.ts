import type { DocumentModel } from "@cloud-contract/spec/model";

/** An error a handler throws; it is answered with an error body in the shape of the operation's service. */
export class ApiError extends Error {
  readonly status: number;
  readonly exceptionClass: string;
  readonly invalidFields: Record<string, string[]> | undefined;
  readonly info: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      exceptionClass?: string;
      invalidFields?: Record<string, string[]>;
      info?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.exceptionClass = options.exceptionClass ?? defaultExceptionClass(status);
    this.invalidFields = options.invalidFields;
    this.info = options.info;
    this.headers = options.headers;
  }
}

const CLASSES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "ValidationError",
  429: "TooManyRequests",
  500: "InternalServerError",
  503: "ServiceUnavailable",
};

function defaultExceptionClass(status: number): string {
  return CLASSES[status] ?? (status >= 500 ? "ServerError" : "ClientError");
}

/** The services of the API, each with its own error shapes (the spec's `<Service>ErrorBody` schemas). */
export type ErrorService = "cloud" | "billing" | "cdn" | "iam" | "streaming";

const SERVICES: ReadonlySet<string> = new Set<ErrorService>(["cloud", "billing", "cdn", "iam", "streaming"]);

/**
 * The service whose error shapes an operation answers in: the model's `service` of the operation. The cloud
 * service's shape for an unknown operation (requests that match no operation, the control API).
 */
export function errorServiceOf(model: DocumentModel, operationId: string | undefined): ErrorService {
  const service = operationId === undefined ? undefined : model.findOperation(operationId)?.service;
  return service !== undefined && SERVICES.has(service) ? (service as ErrorService) : "cloud";
}

/** The cloud service's exception report; the sandbox adds the reasons per field and structured details. */
export interface CloudErrorBody {
  message: string;
  exception_class: string;
  request_id: string;
  invalid_fields?: Record<string, string[]>;
  info?: Record<string, unknown>;
}

/** An error body of one of the services' documented shapes. */
export type ErrorBody =
  | CloudErrorBody
  | { detail: string }
  | Record<string, string[]>
  | { errors: Record<string, string[]> }
  | { message: string }
  | { data: string[]; errors: string[] }
  | { status: number; error: string };

/**
 * The body of an error answer in the shape of `service`: a validation error (one with reasons per field)
 * becomes the service's validation shape, any other error its message shape. The request id travels in the
 * `X-Request-Id` header for every service, and in the body too for the cloud service.
 */
export function errorBody(error: ApiError, requestId: string, service: ErrorService = "cloud"): ErrorBody {
  const fields =
    error.invalidFields && Object.keys(error.invalidFields).length > 0 ? error.invalidFields : undefined;
  switch (service) {
    case "billing":
      return fields ? { ...fields } : { detail: error.message };
    case "cdn":
    case "iam":
      return fields ? { errors: fields } : { message: error.message };
    case "streaming":
      return fields
        ? {
            data: [],
            errors: Object.entries(fields).map(([field, reasons]) => `${field}: ${reasons.join(", ")}`),
          }
        : { status: error.status, error: error.message };
    case "cloud": {
      const body: CloudErrorBody = {
        message: error.message,
        exception_class: error.exceptionClass,
        request_id: requestId,
      };
      if (fields) body.invalid_fields = fields;
      if (error.info) body.info = error.info;
      return body;
    }
  }
}

// Shorthands for the errors handlers throw most.
export const notFound = (what: string) => new ApiError(404, `${what} not found.`);
export const badRequest = (message: string, exceptionClass?: string) =>
  new ApiError(400, message, exceptionClass ? { exceptionClass } : {});
export const conflict = (message: string) => new ApiError(409, message);
export const forbidden = (message: string) => new ApiError(403, message);
