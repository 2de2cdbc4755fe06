import type { DocumentModel, Operation } from "@cloud-contract/spec/model";

/** The headers of every answer of one deprecated operation, given the request's path parameters. */
export type DeprecationHeaders = (rawParams: Record<string, string>) => Record<string, string>;

/**
 * What a deprecated operation (`deprecated: true` in the spec) answers with besides its answer: `Deprecation`
 * (RFC 9745, `@` and the Unix time of its `x-deprecated-since`), a `Link` to its `x-successor` with the same path
 * parameters filled in (`rel="successor-version"`), and `Sunset` (RFC 8594) when it has an `x-sunset`.
 * Undefined for an operation that is not deprecated.
 */
export function deprecationHeadersOf(model: DocumentModel, op: Operation): DeprecationHeaders | undefined {
  const { deprecation } = op;
  if (!deprecation) return undefined;
  const fixed: Record<string, string> = {};
  if (deprecation.since) fixed.Deprecation = `@${Math.floor(Date.parse(deprecation.since) / 1000)}`;
  if (deprecation.sunset) fixed.Sunset = new Date(Date.parse(deprecation.sunset)).toUTCString();
  const successor = deprecation.successor && model.findOperation(deprecation.successor);
  if (!successor) return () => fixed;
  return (rawParams) => ({
    ...fixed,
    Link: `<${fillPath(successor.path, rawParams)}>; rel="successor-version"`,
  });
}

/**
 * `/a/{x}/b` with `{x}` replaced by the request's own value of `x` (left as a template where it has none),
 * any character a path segment may not hold percent-encoded, so the header stays one valid line.
 */
const fillPath = (template: string, rawParams: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = rawParams[name];
    return value === undefined
      ? whole
      : value.replace(/[^A-Za-z0-9\-._~%!$&'()*+,;=:@]/gu, encodeURIComponent);
  });
