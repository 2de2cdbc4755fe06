// Every family of the gate's rules, one module each: the comparer reports only ids these modules define.
import { componentRules } from "./components.js";
import { deprecationRules } from "./deprecation.js";
import { dialectRules } from "./dialect.js";
import { enumRules } from "./enums.js";
import { limitRules } from "./limits.js";
import { mediaTypeRules } from "./media-types.js";
import { operationRules } from "./operations.js";
import { parameterRules } from "./parameters.js";
import { propertyRules } from "./properties.js";
import { requestBodyRules } from "./request-body.js";
import { responseHeaderRules } from "./response-headers.js";
import { responseStatusRules } from "./response-statuses.js";
import { securityRules } from "./security.js";
import { serverRules } from "./servers.js";
import { unionRules } from "./unions.js";
import { valueTypeRules } from "./value-types.js";
import { webhookRules } from "./webhooks.js";

export const RULE_FAMILIES = [
  operationRules,
  deprecationRules,
  securityRules,
  serverRules,
  parameterRules,
  requestBodyRules,
  mediaTypeRules,
  responseStatusRules,
  responseHeaderRules,
  propertyRules,
  valueTypeRules,
  enumRules,
  limitRules,
  unionRules,
  componentRules,
  dialectRules,
  webhookRules,
] as const;
