import { describe, expect, it } from 'vitest';
import { Reachability, Unreachable, reasonOf } from '../../telemetry/reachability.js';

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

function piece(options: { reportAfterMs?: number; isOutage?: (error: unknown) => boolean } = {}) {
  let now = 1_000_000;
  const said: string[] = [];
  const reach = new Reachability('the key store', {
    timeoutMs: 50,
    probeMs: 1_000,
    now: () => now,
    onDown: (reason) => said.push(`down: ${reason}`),
    onBack: (ms) => said.push(`back after ${ms} ms`),
    ...options,
  });
  return { reach, said, advance: (ms: number) => (now += ms) };
}

describe('Reachability', () => {
  it('says once that the piece went and once that it is back, however many calls failed between', async () => {
    const { reach, said, advance } = piece();
    let calls = 0;
    const failing = () => (calls++, Promise.reject(refused()));
    for (let i = 0; i < 5; i++) await expect(reach.call(failing)).rejects.toBeInstanceOf(Unreachable);
    // Only the first reached the store: the others failed at once, no probe being due.
    expect(calls).toBe(1);
    expect(reach.down).toBe(true);
    advance(1_000);
    await expect(reach.call(failing)).rejects.toThrow('the key store does not answer (connection refused)');
    expect(calls).toBe(2);
    advance(3_000);
    expect(await reach.call(() => Promise.resolve(7))).toBe(7);
    expect(said).toEqual(['down: connection refused', 'back after 4000 ms']);
    expect(reach.down).toBe(false);
  });

  it('abandons a call with no answer within its limit and aborts its signal', async () => {
    const { reach } = piece();
    let aborted = false;
    const hangs = (signal: AbortSignal) =>
      new Promise<never>(() => signal.addEventListener('abort', () => (aborted = true)));
    const error = await reach.call(hangs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Unreachable);
    expect((error as Unreachable).reason).toBe('no answer within 50 ms');
    expect((error as Unreachable).retryAfterSeconds).toBe(2);
    expect(aborted).toBe(true);
  });

  it('passes a refusal through as it is: the piece answered', async () => {
    const { reach, said } = piece({ isOutage: (e) => (e as { code?: string }).code !== '23505' });
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(reach.call(() => Promise.reject(duplicate))).rejects.toBe(duplicate);
    const bug = new TypeError('x is undefined');
    await expect(reach.call(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(reach.down).toBe(false);
    expect(said).toEqual([]);
  });

  it('says nothing of a blip shorter than reportAfterMs', async () => {
    const { reach, said, advance } = piece({ reportAfterMs: 5_000 });
    await expect(reach.call(() => Promise.reject(refused()))).rejects.toBeInstanceOf(Unreachable);
    advance(2_000);
    await reach.call(() => Promise.resolve());
    expect(said).toEqual([]);
    await expect(reach.call(() => Promise.reject(refused()))).rejects.toBeInstanceOf(Unreachable);
    advance(6_000);
    await expect(reach.call(() => Promise.reject(refused()))).rejects.toBeInstanceOf(Unreachable);
    expect(said).toEqual(['down: connection refused']);
  });

  it('names the reason in a few words', () => {
    expect(reasonOf(refused())).toBe('connection refused');
    expect(reasonOf(new Error('first line\nsecond'))).toBe('first line');
    expect(reasonOf(Object.assign(new Error(''), { cause: refused() }))).toBe('connection refused');
  });
});
