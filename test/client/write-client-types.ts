import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { clientTypesOf, CLIENT_TYPES_FILE } from './client-types.js';
import { startClientTestApi } from './client-test-api.js';

/** `npm run client:types`: writes the API's types from the document of the app the client test runs. */
const api = await startClientTestApi();
try {
  const document = (await (await fetch(`${api.base}/v1/openapi.json`)).json()) as object;
  await writeFile(CLIENT_TYPES_FILE, await clientTypesOf(document));
  console.log(`wrote ${fileURLToPath(CLIENT_TYPES_FILE)}`);
} finally {
  await api.close();
}
