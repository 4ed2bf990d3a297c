/**
 * Password hashes: Argon2id (OWASP's parameters: 19 MiB, 2 passes, 1 lane; about 10 ms here),
 * stored as the PHC string, which carries its own parameters, so raising them later keeps old
 * hashes verifiable.
 */
import { hash, type Options, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package declares its enum `const`, which isolated modules cannot read. */
const ARGON2ID = 2;

const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A hash of a random secret, verified when the user does not exist, so that an unknown username
 * costs the same time as a wrong password (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
function getDummyHash() {
  dummyHash ??= hash(crypto.randomUUID(), OPTIONS);
  return dummyHash;
}

/** True when `password` matches `passwordHash`; with no hash (no such user) it does the same work and answers false. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

/** Computes the dummy hash ahead of the first login, so that login does not pay for it. */
export function warmUpPasswordHashing(): void {
  void getDummyHash().catch(() => {});
}
