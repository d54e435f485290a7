import { MslFrame } from './components/msl-frame';

/** Issue 14: being built (this placeholder is replaced by the page). */
export function MslPaymentsPage() {
  return <MslFrame title="msl.title.payments">{null}</MslFrame>;
}
