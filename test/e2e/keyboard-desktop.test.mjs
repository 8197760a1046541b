// End-to-end, keyboard alone, on the desktop: the flows of keyboard-flows.mjs (its header says what they check).
import { keyboardFlows } from './keyboard-flows.mjs';

keyboardFlows('desktop');
