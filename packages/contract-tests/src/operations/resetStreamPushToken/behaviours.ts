// resetStreamPushToken: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";

const STREAM = "spec/paths/streaming_streams_{stream_id}_reset_push_token.yaml";

export const behaviours: readonly Behaviour[] = [
  {
    id: "stream.new-token",
    operationId: "resetStreamPushToken",
    source: STREAM,
    statement: "a reset replaces the token with a new one: two resets give two tokens",
    probe: "token-changes",
    check: "changes-applied",
    brokenBy: "behaviour.resetStreamPushToken.token-unchanged",
  },
  {
    id: "stream.token-in-urls",
    operationId: "resetStreamPushToken",
    source: STREAM,
    statement: "the new token appears at once in every push URL, and the old one in none",
    probe: "token-changes",
    check: "changes-applied",
    brokenBy: "behaviour.resetStreamPushToken.urls-keep-old-token",
  },
  {
    id: "stream.reset-answers",
    operationId: "resetStreamPushToken",
    source: `${STREAM} responses, spec/components/schemas/LiveStreamResetNotice.yaml`,
    statement:
      "a reset answers 200 with the stream, or 202 with a notice when its ingest could not be closed (a stream live on its backup server)",
    probe: "reset-answers",
    check: "changes-applied",
    brokenBy: "status.resetStreamPushToken.always-202",
  },
  scopeStatement(
    "resetStreamPushToken",
    "the stream reset is the one in the path",
    "scope.resetStreamPushToken.other-stream",
  ),
];
