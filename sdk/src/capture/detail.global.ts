import { captureDetail } from './detail.ts';
import { CHUNK_EXPORT, chunkScript } from '../core/load-chunk.script.ts';

// Script-tag build of header and body capture: handed to the core like the widget.
const script = chunkScript();
if (script) script[CHUNK_EXPORT] = captureDetail;
