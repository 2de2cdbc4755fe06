import type { Tag, TagsMergePatch } from "@cloud-contract/types";
import { forEachInTurns } from "./http/turns.js";

/**
 * Applies a JSON Merge Patch (RFC 7386) of user tags to a tag list: a string sets a tag, `null` removes
 * it, keys left out stay, a `null` patch removes every user tag. Read-only tags are never touched, whatever
 * the patch says. Existing tags keep their order; new ones are appended in the patch's order. The list given
 * is not changed; many tags are worked through in turns of the event loop.
 */
export async function applyTagsPatch(tags: Tag[], patch: TagsMergePatch | undefined): Promise<Tag[]> {
  if (patch === undefined) return tags;
  if (patch === null) return tags.filter((t) => t.read_only);
  // The existing tags by key; a patch names each key once, so new tags need no index: linear in tags + patch.
  const out: Tag[] = [];
  const byKey = new Map<string, Tag>();
  await forEachInTurns(tags, (tag) => {
    const copy = { ...tag };
    out.push(copy);
    if (!byKey.has(copy.key)) byKey.set(copy.key, copy);
  });
  const removed = new Set<Tag>();
  await forEachInTurns(Object.keys(patch), (key) => {
    const value = patch[key];
    const existing = byKey.get(key);
    if (existing?.read_only) return;
    if (value === null || value === undefined) {
      if (existing) removed.add(existing);
    } else if (existing) {
      existing.value = value;
    } else {
      out.push({ key, value, read_only: false });
    }
  });
  return removed.size === 0 ? out : out.filter((t) => !removed.has(t));
}
