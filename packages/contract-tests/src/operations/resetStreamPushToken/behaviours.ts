// resetStreamPushToken: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1streaming~1streams~1{stream_id}~1reset_push_token/post/description", [
    ["Replaces the stream's push (ingest) token with a new one.", ["stream.new-token"]],
    ["The request has no body: the stream ID in the path is the only input.", ["scope.resetStreamPushToken"]],
    [
      "The new token appears at once in every push URL — `push_url`, `backup_push_url`, `push_url_srt`, `backup_push_url_srt`, `push_url_whip` and any `multi_region_push_urls` — and the old token stops working: encoders still using it are refused.",
      ["stream.token-in-urls"],
    ],
    ["A stream has exactly one token at a time.", ["stream.token-in-urls"]],
    ["The old session may still be on air; restart the encoder with the new URLs by hand.", "platform"],
    [
      "The `200` answer carries the full updated stream with the new token; the `202` answer is a short body with only a `message`.",
      ["stream.new-token", "response-conforms"],
    ],
  ]),
  sentencesAt(
    "openapi.json#/paths/~1streaming~1streams~1{stream_id}~1reset_push_token/post/responses/202/description",
    [
      [
        "The old session may still be running: restart the stream manually with the new push URLs.",
        "platform",
      ],
    ],
  ),
].flat();
