/**
 * The part of OpenAPI 3.0 the platform's description uses. Deliberately narrow: the web app and
 * the public SDK tooling read exactly these shapes, so anything else would be a compatibility risk.
 */

/** Any JSON value (examples and defaults). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SchemaObject {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  format?: string;
  enum?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  description?: string;
  default?: JsonValue;
  example?: JsonValue;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  allOf?: SchemaObject[];
  /** Only on request bodies: the public description keeps required fields off component schemas. */
  required?: string[];
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  description?: string;
  required: boolean;
  schema: SchemaObject;
}

export interface MediaTypeObject {
  schema: SchemaObject;
}

export interface RequestBodyObject {
  required: true;
  description?: string;
  content: { 'application/json': MediaTypeObject };
}

export interface ResponseObject {
  description: string;
  content?: { 'application/json': MediaTypeObject };
}

/** One entry of an operation's `security`; an empty role list means any valid token. */
export interface SecurityRequirement {
  OAuth2: string[];
}

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  security: SecurityRequirement[];
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

/** A section tag carries `x-id`; a resource tag carries `x-section-id` naming its section. */
export interface TagObject {
  name: string;
  description: string;
  'x-id'?: string;
  'x-section-id'?: string;
}

export interface OAuthFlow {
  tokenUrl: string;
  scopes: Record<string, string>;
}

export interface SecuritySchemeObject {
  type: 'oauth2';
  description?: string;
  flows: { password: OAuthFlow; clientCredentials: OAuthFlow };
}

export interface OpenApiDocument {
  openapi: '3.0.3';
  info: { title: string; description: string; version: string };
  servers: { url: string; description: string }[];
  tags: TagObject[];
  components: {
    securitySchemes: { OAuth2: SecuritySchemeObject };
    schemas: Record<string, SchemaObject>;
  };
  paths: Record<string, PathItemObject>;
}
