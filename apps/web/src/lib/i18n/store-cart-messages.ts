// Messages of the store's cart: the sidebar, add-to-cart and the header's cart button (issue 6; platform.md 2.10,
// 4.3, 6.2, 8.3). Brand words come in as values.

export const storeCartMessages = {
  'store.cart.button': 'Cart',
  'store.cart.buttonLabel': 'Open the cart, {count, plural, =0 {empty} one {# item} other {# items}}',
  'store.cart.title': 'Your cart',
  'store.cart.count': '{count, plural, =0 {No items} one {# item} other {# items}}',
  'store.cart.close': 'Close the cart',
  'store.cart.empty': 'Your cart is empty.',
  'store.cart.emptyHint': 'Find products in the store and add them here.',
  'store.cart.continue': 'Continue shopping',
  'store.cart.loading': 'Loading your cart',
  'store.cart.subtotal': 'Subtotal',
  'store.cart.subtotalHint': 'Shipping, discounts and tax are worked out at checkout.',
  'store.cart.checkout': 'Checkout',
  'store.cart.clear': 'Empty the cart',
  'store.cart.remove': 'Remove {name}',
  'store.cart.quantity': 'Quantity of {name}',
  'store.cart.increase': 'One more {name}',
  'store.cart.decrease': 'One fewer {name}',
  'store.cart.quantityInvalid': 'Enter a whole number from 1 to 9,999.',
  'store.cart.lineTotal': 'Line total',
  'store.cart.each': '{price} each',
  'store.cart.sku': 'SKU {sku}',
  'store.cart.soldBy': 'Sold by {seller}',
  'store.cart.rup': 'Restricted use',
  'store.cart.rupHint': 'A valid applicator licence on file is needed to order this product.',
  'store.cart.notSellable': 'No longer sold in your region. Remove it to check out.',
  'store.cart.restriction.QUANTITY_LIMIT': 'Limit {max} per order',
  'store.cart.restriction.MINIMUM_QUANTITY': 'Minimum {min} per order',
  'store.cart.restriction.JURISDICTIONS_RESTRICTION': 'Not sold into {jurisdictions}',
  'store.cart.breach.QUANTITY_LIMIT': 'At most {max} of this product can be ordered.',
  'store.cart.breach.MINIMUM_QUANTITY': 'At least {min} of this product must be ordered.',
  'store.cart.breach.JURISDICTIONS_RESTRICTION': 'This product cannot be sold into {jurisdiction}.',
  'store.cart.merged': 'We added the items from your earlier visit to your cart.',

  // sync states (platform.md 4.3)
  'store.cart.sync.ERROR': 'Your cart could not be saved. Sorry, an unexpected issue occurred.',
  'store.cart.sync.CONFLICT':
    'Your cart was changed in another window. We show it as it is now; retry to apply your last change again.',
  'store.cart.sync.DISCONNECTED': 'Please check your internet connection. Your last change is not saved yet.',
  'store.cart.sync.saving': 'Saving…',
  'store.cart.retry': 'Retry',
  'store.cart.dismiss': 'Dismiss',

  // why the cart is off (platform.md 6.2)
  'store.cart.disabled.cart_not_available_in_region': 'Buying online is not available in your region.',

  // add to cart
  'store.addToCart': 'Add to cart',
  'store.addToCart.quantity': 'Quantity',
  'store.addToCart.added': 'Added to your cart',
  'store.addToCart.notSold': 'Not sold in your region',
  'store.addToCart.cardLabel': 'Add {name} to the cart',
  'store.buyNow': 'Buy now',
  'store.buyNow.noProduct': 'Choose a product to buy',
  'store.buyNow.noProductText':
    'Buy now checks out one product on its own. Pick a product in the store and press Buy now on its page.',
  'store.buyNow.toStore': 'Go to the store',
} as const;
