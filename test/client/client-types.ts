import openapiTS, { astToString } from 'openapi-typescript';

/** Where the TypeScript types of the API, generated from its OpenAPI document, are kept. */
export const CLIENT_TYPES_FILE = new URL('./eids-api.d.ts', import.meta.url);

const HEADER = `/**
 * The API's types, generated from its OpenAPI document by openapi-typescript: do not edit.
 * Refresh with \`npm run client:types\`; test/client/generated-client.test.ts checks they are current.
 */

`;

/** The types file's text for an OpenAPI document, as openapi-typescript writes it. */
export async function clientTypesOf(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}
