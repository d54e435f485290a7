import { hash, verify } from '@node-rs/argon2';
/** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax can't import). */
const ARGON2ID = 2;
/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
export function hashPassword(password) {
    return hash(password, ARGON2_PARAMS);
}
export async function verifyPassword(passwordHash, password) {
    try {
        return await verify(passwordHash, password);
    }
    catch {
        return false;
    }
}
