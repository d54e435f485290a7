import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema/index.ts';
/** Reads a shared setting, creating it with `create()` the first time; concurrent first starts agree on one value. */
export async function getOrCreateSetting(db, key, create) {
    await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
    if (!row)
        throw new Error(`setting ${key} missing after insert`);
    return row.value;
}
