import { z } from 'zod';
const bool = z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1');
/** Every setting the server reads from its environment, validated once at start. */
export const envSchema = z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
        .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    WEB_VERSION_REQUIRED: z.coerce.number().int().positive().default(63),
    WEB_VERSION_LATEST: z.coerce.number().int().positive().default(64),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1048576),
    TRUST_PROXY: bool,
    SEED_DEMO: z
        .enum(['true', 'false', '1', '0'])
        .default('true')
        .transform((v) => v === 'true' || v === '1'),
});
export function readEnv(source = process.env) {
    const parsed = envSchema.safeParse(source);
    if (!parsed.success) {
        const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
        throw new Error(`Invalid environment:\n${lines}`);
    }
    return parsed.data;
}
