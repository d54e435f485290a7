// Every e-mail the server sends, by the outbox's template name (issue 13): the dev mailbox previews each with its
// sample data, and the tests render each and check its links and numbers.
import * as identity from './identity-mails.tsx';
import { offerCancelled, offerFilled, offerPriceHit, offerRejected } from './offer-mails.tsx';
import { orderConfirmation, orderStatus } from './store-mails.tsx';
import { contractSignature, enrolmentSignature, enrolmentSigned } from './esign-mails.tsx';
import { paymentApproved, paymentPaid, paymentReturned } from './payment-mails.tsx';
import { userInvitation } from './crm-admin-mails.tsx';
import { teamInvitation } from './team-mails.tsx';
import { marketingWelcome } from './marketing-mails.tsx';
import { priceAlert } from './price-alert-mails.tsx';
import { partnerOnboardingCode, partnerOnboardingInvitation } from './partner-onboarding-mails.tsx';
import { structureConfirmation } from './structure-mails.tsx';

export const MAIL_TEMPLATES = {
  verification_code: identity.verificationCode,
  email_changed: identity.emailChanged,
  signup_confirm: identity.signupConfirm,
  signup_admin_welcome: identity.signupAdminWelcome,
  signup_already_registered: identity.signupAlreadyRegistered,
  admin_password_reset: identity.adminPasswordReset,
  account_locked: identity.accountLocked,
  magic_link: identity.magicLink,
  password_reset: identity.passwordReset,
  offers_price_hit: offerPriceHit,
  offers_filled: offerFilled,
  offers_rejected: offerRejected,
  offers_cancelled: offerCancelled,
  store_order_confirmation: orderConfirmation,
  store_order_status: orderStatus,
  contract_signature: contractSignature,
  sustainability_enrolment_signature: enrolmentSignature,
  sustainability_enrolled: enrolmentSigned,
  payment_approved: paymentApproved,
  payment_paid: paymentPaid,
  payment_returned: paymentReturned,
  user_invitation: userInvitation,
  team_invitation: teamInvitation,
  marketing_welcome: marketingWelcome,
  price_alert: priceAlert,
  partner_onboarding_code: partnerOnboardingCode,
  partner_onboarding_invitation: partnerOnboardingInvitation,
  structure_confirmation: structureConfirmation,
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
/** The data a template takes. */
export type MailData<N extends MailTemplateName> = (typeof MAIL_TEMPLATES)[N]['sample'];

export const MAIL_TEMPLATE_NAMES = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];
