import { buildContext } from './build-context.ts';
import { CHUNK_EXPORT, chunkScript } from '../core/load-chunk.script.ts';

// Script-tag build of the context collection: handed to the widget like the widget to the core.
const script = chunkScript();
if (script) script[CHUNK_EXPORT] = buildContext;
