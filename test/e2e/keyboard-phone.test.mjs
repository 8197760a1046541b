// End-to-end, keyboard alone, on the phone: the flows of keyboard-flows.mjs (its header says what they check).
import { keyboardFlows } from './keyboard-flows.mjs';

keyboardFlows('phone');
