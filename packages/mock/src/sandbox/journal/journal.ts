// The journal of a tenant's calls: the last calls of the API made with its keys, bounded in count and in the
// text of their bodies, numbered from 1 so that a reader can ask for what came after what it has seen.
import type { JournalEntry } from "../control/schema.js";

/** Most calls a tenant's journal keeps. */
export const JOURNAL_ENTRIES = 500;
/** Most characters of bodies a tenant's journal keeps, over all its calls (the oldest go first). */
export const JOURNAL_BODY_CHARS = 2 * 1024 * 1024;

/** What an entry holds of bodies, in characters. */
const bodyChars = (entry: JournalEntry) =>
  (entry.request.body?.length ?? 0) + (entry.answer.body?.length ?? 0);

export class Journal {
  private readonly entries: JournalEntry[] = [];
  private chars = 0;
  private lastId = 0;

  /** Adds a call, numbering it; the oldest calls are dropped past either bound. */
  add(entry: Omit<JournalEntry, "id">): void {
    this.lastId += 1;
    const kept: JournalEntry = { id: this.lastId, ...entry };
    this.entries.push(kept);
    this.chars += bodyChars(kept);
    while (
      this.entries.length > JOURNAL_ENTRIES ||
      (this.chars > JOURNAL_BODY_CHARS && this.entries.length > 1)
    ) {
      const dropped = this.entries.shift();
      if (dropped) this.chars -= bodyChars(dropped);
    }
  }

  /**
   * The calls numbered after `after`, oldest first, at most `limit`, and the number to ask after next: the
   * last call given, or the newest of the journal when none is.
   */
  after(after: number, limit: number): { entries: JournalEntry[]; last_id: number } {
    const start = this.entries.findIndex((entry) => entry.id > after);
    const entries = start === -1 ? [] : this.entries.slice(start, start + limit);
    return { entries, last_id: entries.at(-1)?.id ?? this.lastId };
  }
}

const journals = new WeakMap<object, Journal>();

/** The journal of a tenant, by its store (made on first use, gone with the store). */
export function journalOf(store: object): Journal {
  let journal = journals.get(store);
  if (!journal) {
    journal = new Journal();
    journals.set(store, journal);
  }
  return journal;
}
