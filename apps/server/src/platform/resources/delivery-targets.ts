import { anyObject, defineModel, list, model, text } from './fields.ts';
import type { ModelDefinition } from './fields.ts';

/**
 * Where a delivery configuration sends events: one optional block per kind of destination. The
 * local platform stores these settings as given; it does not connect to the destinations.
 */
export const deliveryTargetsModel = defineModel('DeliveryTargets', {
  Kafka: model('KafkaConfig'),
  Http: model('HttpConfig'),
  SearchIngestion: model('SearchIngestion'),
  SendEvent: model('SendEvent'),
  DiscoverEvent: model('DiscoverEvent'),
  EventHub: model('EventHubConfig'),
  AzureBlob: model('AzureBlobConfig'),
  AzureTable: model('AzureTableConfig'),
  CosmosDb: model('CosmosDbConfig'),
  Mandrill: model('MandrillConfig'),
  MessageSender: model('MessageSenderConfig'),
  ContentHub: model('ContentHubConfig'),
});

const kafkaConfigModel = defineModel('KafkaConfig', {
  BootstrapServers: text(),
  SaslUsername: text(),
  SaslPassword: text(),
  Topic: text(),
});

const httpConfigModel = defineModel('HttpConfig', {
  Endpoint: text(),
  Secret: text(50),
  CustomAuthHeaderName: text(),
  CustomAuthHeaderValue: text(50),
});

const searchIngestionModel = defineModel('SearchIngestion', {
  Domain: text(),
  Source: text(),
  Endpoint: text(),
  Entity: text(),
  ApiKey: text(),
  Content: model('SearchIngestionContent'),
});

const searchIngestionContentModel = defineModel('SearchIngestionContent', {
  Locales: list(text(), { default: [] }),
  Http: model('SearchIngestionHttpContent'),
});

const searchIngestionHttpContentModel = defineModel('SearchIngestionHttpContent', {
  Endpoint: text(),
  CustomAuthHeaderName: text(),
  CustomAuthHeaderValue: text(),
});

const sendEventModel = defineModel('SendEvent', {
  SiteID: text(),
  ServiceEndpoint: text(),
});

const discoverEventModel = defineModel('DiscoverEvent', {
  ClientID: text(),
  ApiKey: text(),
  ServiceEndpoint: text(),
});

const eventHubConfigModel = defineModel('EventHubConfig', {
  EventHubName: text(),
  ConnectionString: text(),
});

const azureBlobConfigModel = defineModel('AzureBlobConfig', {
  ConnectionString: text(),
  OverrideContainerName: text(),
});

const azureTableConfigModel = defineModel('AzureTableConfig', {
  ConnectionString: text(),
  OverrideTableName: text(),
});

const cosmosDbConfigModel = defineModel('CosmosDbConfig', {
  ConnectionString: text(),
  OverrideDatabaseName: text(),
});

const mandrillConfigModel = defineModel('MandrillConfig', {
  ApiKey: text(50),
});

const messageSenderConfigModel = defineModel('MessageSenderConfig', {
  Secret: text(50),
  Endpoint: text(),
});

const contentHubConfigModel = defineModel('ContentHubConfig', {
  ApiKey: text(50),
  Endpoint: text(),
  TargetSchemaName: text(),
  ConfigData: anyObject(),
});

/** Every model nested in DeliveryTargets, DeliveryTargets included, for the registry's shared models. */
export const deliveryTargetModels: readonly ModelDefinition[] = [
  deliveryTargetsModel,
  kafkaConfigModel,
  httpConfigModel,
  searchIngestionModel,
  searchIngestionContentModel,
  searchIngestionHttpContentModel,
  sendEventModel,
  discoverEventModel,
  eventHubConfigModel,
  azureBlobConfigModel,
  azureTableConfigModel,
  cosmosDbConfigModel,
  mandrillConfigModel,
  messageSenderConfigModel,
  contentHubConfigModel,
];
