import type { LiveStream } from "@cloud-contract/types";
import { declareKind, noIndexes, numberId } from "../entity-kind.js";
import { declareEntityService } from "../service.js";
import { streams } from "./fixtures.js";

/** The streaming service: live streams. */
export const STREAMING_SERVICE = declareEntityService({
  streams: declareKind({
    idOf: (stream: LiveStream) => stream.id as number,
    parseId: numberId,
    seed: streams,
    indexes: noIndexes,
    contract: { answer: { operationId: "resetStreamPushToken", status: 200 } },
  }),
});
