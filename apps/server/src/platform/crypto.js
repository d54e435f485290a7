import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
/** A random opaque token, URL-safe (256 bits). */
export function randomToken(bytes = 32) {
    return randomBytes(bytes).toString('base64url');
}
export function sha256(value) {
    return createHash('sha256').update(value).digest('hex');
}
export function hmac(secret, value) {
    return createHmac('sha256', secret).update(value).digest('base64url');
}
/** Constant-time string comparison (false when lengths differ). */
export function safeEqual(a, b) {
    const ab = Buffer.from(a);
    const bb = Buffer.from(b);
    return ab.length === bb.length && timingSafeEqual(ab, bb);
}
