import { describe, expect, it } from 'vitest';
import { addressOf, addressRefusal, mailtoTarget } from '../../../channels/email/address.js';

describe('mailto targets', () => {
  it('keep every address an address may be, and give it back whole', () => {
    for (const address of ['ops@example.org', 'g|k?%lf#w/k=w@xb61o.org', "o'brien+fire@example.org"]) {
      const target = new URL(mailtoTarget(address));
      expect(target.protocol).toBe('mailto:');
      expect(target.search + target.hash).toBe('');
      expect(addressOf(target)).toBe(address);
    }
    expect(mailtoTarget('ops@example.org')).toBe('mailto:ops@example.org');
  });
});

describe('addressRefusal', () => {
  it('takes one plain address and says why it refuses anything else', () => {
    expect(addressRefusal('ops@example.org')).toBeUndefined();
    expect(addressRefusal('Ops <ops@example.org>')).toBe(
      '"Ops <ops@example.org>" is not one e-mail address (name@domain.example)',
    );
    expect(addressRefusal('a@b.org, c@d.org')).toBeDefined();
    expect(addressRefusal(`${'a'.repeat(250)}@example.org`)).toBeDefined();
  });
});
