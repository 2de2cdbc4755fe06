// Friendly names for the generated types. Hand-written: add an alias when the spec gains a schema
// (src/index.test.ts fails while a schema has none).
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths, webhooks } from "./schema.js";

type Schemas = components["schemas"];

/** The shared body of every error response. Named so as not to shadow the global `Error`. */
export type ApiErrorBody = Schemas["Error"];
export type AllowedAddressPair = Schemas["AllowedAddressPair"];
export type IpAddressOrNetwork = Schemas["IpAddressOrNetwork"];
export type AllowedAddressPairsRequest = Schemas["AllowedAddressPairsRequest"];
export type BareMetalDdosProfile = Schemas["BareMetalDdosProfile"];
export type BareMetalDdosProfileField = Schemas["BareMetalDdosProfileField"];
export type BareMetalServerCreateRequest = Schemas["BareMetalServerCreateRequest"];
export type CdnCertificateRevokeRequest = Schemas["CdnCertificateRevokeRequest"];
export type CdnResourceUpdateResult = Schemas["CdnResourceUpdateResult"];
export type InstancePriceDiscountDetail = Schemas["InstancePriceDiscountDetail"];
export type InstancePricePerGb = Schemas["InstancePricePerGb"];
export type InstancePricePeriod = Schemas["InstancePricePeriod"];
export type InstancePricePreview = Schemas["InstancePricePreview"];
export type InstancePricePreviewRequest = Schemas["InstancePricePreviewRequest"];
export type InstancePriceVolumes = Schemas["InstancePriceVolumes"];
export type LiveStream = Schemas["LiveStream"];
export type LiveStreamMultiRegionPushUrl = Schemas["LiveStreamMultiRegionPushUrl"];
export type LiveStreamOverlay = Schemas["LiveStreamOverlay"];
export type LiveStreamResetNotice = Schemas["LiveStreamResetNotice"];
export type NetworkInterface = Schemas["NetworkInterface"];
export type NetworkInterfaceAnySubnet = Schemas["NetworkInterfaceAnySubnet"];
export type NetworkInterfaceExternal = Schemas["NetworkInterfaceExternal"];
export type NetworkInterfaceFloatingIp = Schemas["NetworkInterfaceFloatingIp"];
export type NetworkInterfaceFloatingIpExisting = Schemas["NetworkInterfaceFloatingIpExisting"];
export type NetworkInterfaceFloatingIpNew = Schemas["NetworkInterfaceFloatingIpNew"];
export type NetworkInterfaceIpFamily = Schemas["NetworkInterfaceIpFamily"];
export type NetworkInterfaceReservedFixedIp = Schemas["NetworkInterfaceReservedFixedIp"];
export type NetworkInterfaceSubnet = Schemas["NetworkInterfaceSubnet"];
export type PlanContent = Schemas["PlanContent"];
export type PlanContentCalcRuleType = Schemas["PlanContentCalcRuleType"];
export type PlanContentCurrency = Schemas["PlanContentCurrency"];
export type PlanContentFeature = Schemas["PlanContentFeature"];
export type PlanContentList = Schemas["PlanContentList"];
export type PlanContentPrice = Schemas["PlanContentPrice"];
export type PlanContentPriceStage = Schemas["PlanContentPriceStage"];
export type PlanContentProduct = Schemas["PlanContentProduct"];
export type PlanContentProductCategory = Schemas["PlanContentProductCategory"];
export type PlanContentRegion = Schemas["PlanContentRegion"];
export type PlanContentRoundingRule = Schemas["PlanContentRoundingRule"];
export type PlanContentUnit = Schemas["PlanContentUnit"];
export type QuotaCheckResult = Schemas["QuotaCheckResult"];
export type RegistryQuotaCheckRequest = Schemas["RegistryQuotaCheckRequest"];
export type ResellerNotificationSetting = Schemas["ResellerNotificationSetting"];
export type ResellerNotificationSettingCreateRequest = Schemas["ResellerNotificationSettingCreateRequest"];
export type ResellerNotificationSettingList = Schemas["ResellerNotificationSettingList"];
export type ResellerNotificationType = Schemas["ResellerNotificationType"];
export type SecurityGroup = Schemas["SecurityGroup"];
export type SecurityGroupRule = Schemas["SecurityGroupRule"];
export type SecurityGroupRuleChange = Schemas["SecurityGroupRuleChange"];
export type SecurityGroupRuleCreate = Schemas["SecurityGroupRuleCreate"];
export type SecurityGroupRuleDelete = Schemas["SecurityGroupRuleDelete"];
export type SecurityGroupRuleDirection = Schemas["SecurityGroupRuleDirection"];
export type SecurityGroupRuleEthertype = Schemas["SecurityGroupRuleEthertype"];
export type SecurityGroupRuleProtocol = Schemas["SecurityGroupRuleProtocol"];
export type SecurityGroupUpdateRequest = Schemas["SecurityGroupUpdateRequest"];
export type Tag = Schemas["Tag"];
export type TagsMergePatch = Schemas["TagsMergePatch"];
export type Task = Schemas["Task"];
export type TaskCreatedResources = Schemas["TaskCreatedResources"];
export type TaskIdList = Schemas["TaskIdList"];
export type TaskInstanceCreationData = Schemas["TaskInstanceCreationData"];
export type TaskList = Schemas["TaskList"];
export type TaskState = Schemas["TaskState"];
export type TaskType = Schemas["TaskType"];
export type VolumePricingItem = Schemas["VolumePricingItem"];

/** The operationId of each of the API's operations. */
export type OperationId = keyof operations;
/** The path templates of the API, as the client takes them. */
export type PathTemplate = keyof paths;
