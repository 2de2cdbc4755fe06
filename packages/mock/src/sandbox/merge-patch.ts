import type { Tag, TagsMergePatch } from "@cloud-contract/types";

/**
 * Applies a JSON Merge Patch (RFC 7386) of user tags to a tag list: a string sets a tag, `null` removes
 * it, keys left out stay, a `null` patch removes every user tag. Read-only tags are never touched, whatever
 * the patch says. Existing tags keep their order; new ones are appended in the patch's order.
 */
export function applyTagsPatch(tags: Tag[], patch: TagsMergePatch | undefined): Tag[] {
  if (patch === undefined) return tags;
  if (patch === null) return tags.filter((t) => t.read_only);
  const out = tags.map((t) => ({ ...t }));
  for (const [key, value] of Object.entries(patch)) {
    const index = out.findIndex((t) => t.key === key);
    const existing = index === -1 ? undefined : out[index];
    if (existing?.read_only) continue;
    if (value === null || value === undefined) {
      if (index !== -1) out.splice(index, 1);
    } else if (existing) {
      existing.value = value;
    } else {
      out.push({ key, value, read_only: false });
    }
  }
  return out;
}
