/** The interface version: the OpenAPI document's info.version and /v1/status's version. */
export const API_VERSION = '1.44.0';
