// What other modules may use of the cart module (DESIGN.md, Conventions 11): a user's cart and its current prices
// (checkout, store orders' "buy again"), the live cart event, and the guest cart's merge at sign-in (identity).
export {
  addItemsToCart,
  callerForUser,
  cartLinesWithCurrentPrices,
  enablementOf,
  enablementRefusal,
  type CartLineWithPrice,
} from './cart.service.ts';
export { publishCartChanged, variantWithPrice } from './cart.repo.ts';
export { mergeGuestCartAtSignIn } from './cart.routes.ts';
