// Where the spec says what the statements of more than one operation say.
export const SETTINGS = "spec/paths/iam_reselling_resellers_{resellerId}_notification_settings.yaml";
export const SERVER_ERROR = "spec/components/responses/*ServerError.yaml";
