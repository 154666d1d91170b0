import { describe, expect, it } from 'vitest';
import { isSecretParameter } from '../../api/request-links.js';

describe('parameters named like a credential', () => {
  it('are the key and token spellings clients use', () => {
    for (const name of [
      'key',
      'KEY',
      'api_key',
      'apikey',
      'api-key',
      'access_token',
      'token',
      'secret',
      'auth',
      'sig',
    ]) {
      expect(isSecretParameter(name), name).toBe(true);
    }
  });

  it('leave the API’s own parameters alone', () => {
    for (const name of [
      'limit',
      'cursor',
      'after',
      'state',
      'eventType',
      'keyword',
      'monkey',
      'format',
      'bbox',
    ]) {
      expect(isSecretParameter(name), name).toBe(false);
    }
  });
});
