// Which documented response answers a status and which documented media type a content type is.

/**
 * The documented status key for a status: the exact code first, then its range (`4XX`, any letter case),
 * then `default`; undefined when the operation documents none of them. The one status matcher.
 */
export function matchStatus(statuses: readonly string[], status: number): string | undefined {
  const exact = String(status);
  if (statuses.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  const ranged = statuses.find((key) => key.toUpperCase() === range);
  if (ranged) return ranged;
  return statuses.includes("default") ? "default" : undefined;
}

/** The media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

/** The documented media type key for a content type: exact (any case), then `type/*`, then `*\/*`. */
export function matchMediaType(documented: readonly string[], contentType: string | null | undefined) {
  const type = mediaType(contentType);
  if (type === undefined) return undefined;
  const exact = documented.find((key) => key.toLowerCase() === type);
  if (exact) return exact;
  const [major] = type.split("/");
  return documented.find((key) => key === `${major}/*`) ?? documented.find((key) => key === "*/*");
}

/** Whether a media type is JSON (`application/json`, `application/problem+json`, …). */
export function isJsonMediaType(type: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json$/i.test(mediaType(type) ?? "");
}
