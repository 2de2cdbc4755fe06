// A body as the contract sees it: parsed JSON when the content type says JSON (text when it does not
// parse: the schema check then reports it), the text otherwise, undefined when empty.
import { mediaType } from "@cloud-contract/spec/document";

export function parseBody(contentType: string | null | undefined, text: string): unknown {
  if (text === "") return undefined;
  if (!/json/.test(mediaType(contentType) ?? "")) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}
