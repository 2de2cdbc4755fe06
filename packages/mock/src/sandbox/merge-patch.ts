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
  // The existing tags by key; a patch names each key once, so new tags need no index: linear in tags + patch.
  const byKey = new Map<string, Tag>();
  for (const tag of out) if (!byKey.has(tag.key)) byKey.set(tag.key, tag);
  const removed = new Set<Tag>();
  for (const key in patch) {
    const value = patch[key];
    const existing = byKey.get(key);
    if (existing?.read_only) continue;
    if (value === null || value === undefined) {
      if (existing) removed.add(existing);
    } else if (existing) {
      existing.value = value;
    } else {
      out.push({ key, value, read_only: false });
    }
  }
  return removed.size === 0 ? out : out.filter((t) => !removed.has(t));
}
