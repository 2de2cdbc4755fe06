import type { LiveStream } from "@cloud-contract/types";
import { declareKind, noIndexes, numberId } from "../entity-kind.js";
import { streams } from "./fixtures.js";

/** The kinds of entity the streaming service owns. */
export const STREAMING_ENTITIES = {
  streams: declareKind({
    idOf: (stream: LiveStream) => stream.id ?? 0,
    parseId: numberId,
    seed: streams,
    indexes: noIndexes,
    contract: { answer: { operationId: "resetStreamPushToken", status: 200 } },
  }),
};
