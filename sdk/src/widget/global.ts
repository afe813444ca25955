import { createWidget } from './create-widget.tsx';
import { CHUNK_EXPORT, chunkScript } from '../core/load-chunk.script.ts';

// Script-tag build of the widget: createWidget is left on our own <script> element for the core to pick up.
const script = chunkScript();
if (script) script[CHUNK_EXPORT] = createWidget;
