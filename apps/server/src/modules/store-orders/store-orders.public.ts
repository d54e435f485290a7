// What other modules may use of the store orders module (DESIGN.md, Conventions 11): who is buying and their order
// history (the farmer's home lists the orders in progress, issue 17).
export { buyerOf, orderHistory } from './store-orders.service.ts';
