// The journal of a tenant's calls: the last calls of the API made with its keys, bounded in count and in the
// text of their bodies and headers, numbered from 1 so that a reader can ask for what came after what it has seen.
import type { DocumentModel } from "@cloud-contract/spec/model";
import type { JournalEntry, JournalPage } from "../control/schema.js";
import { journalEntry, keptChars, type RecordedCall } from "./entry.js";

/** Most calls a tenant's journal keeps. */
export const JOURNAL_ENTRIES = 500;
/** Most characters of bodies and headers a tenant's journal keeps, over all its calls (the oldest go first). */
export const JOURNAL_CHARS = 1024 * 1024;

interface Kept {
  id: number;
  call: RecordedCall;
  /** The entry, once it was read. */
  entry?: JournalEntry;
}

export class Journal {
  private readonly kept: Kept[] = [];
  private chars = 0;
  private lastId = 0;

  constructor(private readonly model: DocumentModel) {}

  /** Adds a call, numbering it; the oldest calls are dropped past either bound. */
  add(call: RecordedCall): void {
    this.lastId += 1;
    this.kept.push({ id: this.lastId, call });
    this.chars += keptChars(call);
    while (this.kept.length > JOURNAL_ENTRIES || (this.chars > JOURNAL_CHARS && this.kept.length > 1)) {
      const dropped = this.kept.shift();
      if (dropped) this.chars -= keptChars(dropped.call);
    }
  }

  /** The characters of bodies and headers the journal holds now. */
  get keptChars(): number {
    return this.chars;
  }

  /**
   * The calls numbered after `after`, oldest first, at most `limit`, and the number to ask after next: the
   * last call given, or the newest of the journal when none is.
   */
  after(after: number, limit: number): JournalPage {
    const start = this.kept.findIndex((kept) => kept.id > after);
    const page = start === -1 ? [] : this.kept.slice(start, start + limit);
    const entries = page.map((kept) => {
      kept.entry ??= journalEntry(this.model, kept.call, kept.id);
      return kept.entry;
    });
    return { entries, last_id: entries.at(-1)?.id ?? this.lastId };
  }
}

const journals = new WeakMap<object, Journal>();

/** The journal of a tenant, by its store (made on first use, gone with the store). */
export function journalOf(store: object, model: DocumentModel): Journal {
  let journal = journals.get(store);
  if (!journal) {
    journal = new Journal(model);
    journals.set(store, journal);
  }
  return journal;
}
