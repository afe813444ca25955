import { captureDetail } from './detail.ts';
import { CHUNK_LOADED_EVENT } from '../core/load-chunk.script.ts';

// Script-tag build of header and body capture: handed to the core like the widget.
document.currentScript?.dispatchEvent(new CustomEvent(CHUNK_LOADED_EVENT, { detail: captureDetail }));
