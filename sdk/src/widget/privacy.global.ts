import { privacyBlur } from './privacy-blur.ts';
import { CHUNK_EXPORT, chunkScript } from '../core/load-chunk.script.ts';

// Script-tag build of the privacy blur: handed to the widget like the context collection.
const script = chunkScript();
if (script) script[CHUNK_EXPORT] = privacyBlur;
