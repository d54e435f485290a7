import { MslFrame } from './components/msl-frame';

/** Issue 14: being built (this placeholder is replaced by the page). */
export function MslSettlementsPage() {
  return <MslFrame title="msl.title.settlements">{null}</MslFrame>;
}
