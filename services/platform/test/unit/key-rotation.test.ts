import { describe, expect, it } from 'vitest';
import type { SealedSecret } from '@app/contracts';
import {
  createSecretBox,
  memoryDataKeys,
  newMasterKey,
  parseMasterKey,
  rotateMasterKey,
  RotationRefusedError,
  SecretUnavailableError,
  type DataKeyStore,
  type Keyring,
} from '../../src/index';
import { sealFirstForm } from '../support/legacy-seal';

const keyA = parseMasterKey(newMasterKey());
const keyB = parseMasterKey(newMasterKey());
const keyC = parseMasterKey(newMasterKey());
const boxA = createSecretBox(keyA);
const boxB = createSecretBox(keyB);

const refusal = async (k: Keyring, sealed: SealedSecret): Promise<string> => {
  try {
    await k.open(sealed);
    return 'opened';
  } catch (e) {
    return e instanceof SecretUnavailableError ? e.reason : `unexpected: ${String(e)}`;
  }
};

/** Given values sealed under master key A (one of them deleted since), in a store of their own. */
const givenSealedUnderA = async () => {
  const store = memoryDataKeys();
  const a = boxA.keyringOn(store);
  const values = ['first-value-0001', 'second-value-0002', 'third-value-0003'];
  const sealed = await Promise.all(values.map((v) => a.seal(v)));
  const deleted = await a.seal('deleted-value-0004');
  await a.shred([deleted]);
  const wrappedBefore = new Map([...store.rows].map(([id, r]) => [id, r.wrappedKey]));
  return { store, values, sealed, deleted, wrappedBefore };
};

describe('rotating the master key (npm run secrets -- rotate-master-key)', () => {
  it('given values sealed under A, when rotated to B, then every live data key is re-wrapped under B and nothing else changes', async () => {
    const { store, sealed, deleted, wrappedBefore } = await givenSealedUnderA();
    const snapshot = structuredClone(sealed);

    const report = await rotateMasterKey(store, keyA, keyB);

    expect(report).toMatchObject({ fromKeyId: boxA.keyId, toKeyId: boxB.keyId, rewrapped: 3, adopted: 0 });
    expect(report.counts).toHaveLength(2);
    expect(report.counts).toEqual(
      expect.arrayContaining([
        { masterKeyId: boxB.keyId, live: 3, destroyed: 0 },
        { masterKeyId: boxA.keyId, live: 0, destroyed: 1 },
      ]),
    );
    for (const s of sealed) {
      const id = s.version === 2 ? s.dataKeyId : '';
      expect(store.rows.get(id)?.masterKeyId).toBe(boxB.keyId);
      expect(store.rows.get(id)?.wrappedKey).not.toBe(wrappedBefore.get(id));
    }
    expect(sealed).toEqual(snapshot);
    expect(await refusal(boxB.keyringOn(store), deleted)).toBe('shredded');
  });

  it('then the values open with B and no longer with A', async () => {
    const { store, values, sealed } = await givenSealedUnderA();
    await rotateMasterKey(store, keyA, keyB);
    const b = boxB.keyringOn(store);
    const a = boxA.keyringOn(store);
    expect(await Promise.all(sealed.map((s) => b.open(s)))).toEqual(values);
    for (const s of sealed) expect(await refusal(a, s)).toBe('unreadable');
  });

  it('then a process still on A seals nothing, and one on B does', async () => {
    const { store } = await givenSealedUnderA();
    await rotateMasterKey(store, keyA, keyB);
    await expect(boxA.keyringOn(store).seal('late-value-0005')).rejects.toMatchObject({
      reason: 'master-key-not-in-use',
    });
    const b = boxB.keyringOn(store);
    expect(await b.open(await b.seal('new-value-0006'))).toBe('new-value-0006');
  });

  it('when the old key given is not the one in use, then it is refused and nothing changes', async () => {
    const { store, wrappedBefore } = await givenSealedUnderA();
    await expect(rotateMasterKey(store, keyC, keyB)).rejects.toBeInstanceOf(RotationRefusedError);
    await expect(rotateMasterKey(store, keyA, keyA)).rejects.toThrow(/is the current one/);
    expect(new Map([...store.rows].map(([id, r]) => [id, r.wrappedKey]))).toEqual(wrappedBefore);
  });

  it('the refusal names key ids, never a key', async () => {
    const { store } = await givenSealedUnderA();
    const error = (await rotateMasterKey(store, keyC, keyB).catch((e: unknown) => e)) as Error;
    for (const key of [keyA, keyB, keyC]) {
      expect(error.message).not.toContain(key.toString('base64'));
      expect(error.message).not.toContain(key.toString('base64url'));
    }
    expect(error.message).toContain(boxA.keyId);
  });

  it('running it again re-wraps a straggler sealed under A by a process that had not yet seen the rotation', async () => {
    const { store } = await givenSealedUnderA();
    await rotateMasterKey(store, keyA, keyB);
    const stale: DataKeyStore = { ...store, masterKeyInUse: () => Promise.resolve(boxA.keyId) };
    const straggler = await boxA.keyringOn(stale).seal('straggler-value-0007');
    expect(await refusal(boxB.keyringOn(store), straggler)).toBe('unreadable');

    const again = await rotateMasterKey(store, keyA, keyB);

    expect(again.rewrapped).toBe(1);
    expect(await boxB.keyringOn(store).open(straggler)).toBe('straggler-value-0007');
  });

  it('first-form values still in use stay readable (their inline key is stored apart); the others in the log do not', async () => {
    const store = memoryDataKeys();
    const inUse = sealFirstForm(keyA, 'old-value-in-use-0008');
    const leftover = sealFirstForm(keyA, 'old-value-removed-0009');
    const report = await rotateMasterKey(store, keyA, keyB, [inUse]);
    expect(report.adopted).toBe(1);
    const b = boxB.keyringOn(store);
    expect(await b.open(inUse)).toBe('old-value-in-use-0008');
    expect(await refusal(b, leftover)).toBe('unreadable');
    await b.shred([inUse]);
    expect(await refusal(b, inUse)).toBe('shredded');
  });
});
