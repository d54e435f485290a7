import { csrfTokenFor } from '../../platform/csrf.ts';
import { listUserEnterprises } from './shell.repo.ts';
/**
 * The selected enterprise: the one asked for in the query when it is the user's, else the one stored in
 * the session when it is still in the list, else the first. (The page then prefers its own stored
 * selection when that is in the list — grain-marketing.md 4 'Users and enterprises'.)
 */
export function pickCurrentEnterprise(ids, requested, stored) {
    if (requested !== undefined && ids.includes(requested))
        return requested;
    if (stored !== null && ids.includes(stored))
        return stored;
    return ids[0] ?? null;
}
export async function buildBootstrap(db, input) {
    const { session, anonymousId, partner } = input;
    const base = { partner, build: { tag: input.buildTag } };
    if (!session) {
        return {
            ...base,
            user: {
                id: null,
                identified: true,
                isLoggedIn: false,
                firstName: null,
                lastName: null,
                email: null,
                employeeInfo: null,
                experiences: {},
                anonymousId,
                legacyId: null,
                permissions: [],
                admin: { is_super_admin: false, permissions: {} },
            },
            enterprises: {},
            current_enterprise_id: null,
            tos_accepted: false,
            csrf: csrfTokenFor(input.csrfSecret, { anonymousId }),
        };
    }
    const { user } = session;
    const rows = await listUserEnterprises(db, user.id);
    const enterprises = {};
    for (const e of rows) {
        enterprises[String(e.id)] = { id: e.id, legacyId: e.id, publicId: e.publicId, name: e.name, countryCode: e.countryCode };
    }
    return {
        ...base,
        user: {
            id: user.id,
            identified: true,
            isLoggedIn: true,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            employeeInfo: user.employeeInfo ?? null,
            experiences: user.experiences,
            anonymousId,
            legacyId: user.legacyId,
            permissions: user.permissions,
            admin: { is_super_admin: user.isSuperAdmin, permissions: user.adminPermissions },
        },
        enterprises,
        current_enterprise_id: pickCurrentEnterprise(rows.map((r) => r.id), input.requestedEnterpriseId, session.session.currentEnterpriseId),
        tos_accepted: user.tosAcceptedAt !== null,
        csrf: csrfTokenFor(input.csrfSecret, { tokenHash: session.tokenHash }),
    };
}
