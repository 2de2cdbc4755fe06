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

/** An error answer's body, in the shape its service documents (each service declares its own). */
export type ErrorBody = object;

/** The reasons per field of a validation error; undefined for any other error. */
export function invalidFieldsOf(error: ApiError): Record<string, string[]> | undefined {
  const fields = error.invalidFields;
  return fields && Object.keys(fields).length > 0 ? fields : undefined;
}

// Shorthands for the errors handlers throw most.
export const notFound = (what: string) => new ApiError(404, `${what} not found.`);
export const badRequest = (message: string, exceptionClass?: string) =>
  new ApiError(400, message, exceptionClass ? { exceptionClass } : {});
export const conflict = (message: string) => new ApiError(409, message);
export const forbidden = (message: string) => new ApiError(403, message);
