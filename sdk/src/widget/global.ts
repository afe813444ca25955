import { createWidget } from './create-widget.tsx';
import { CHUNK_LOADED_EVENT } from '../core/load-chunk.script.ts';

// Script-tag build of the widget: hand createWidget to the core through an event on our own <script> element.
document.currentScript?.dispatchEvent(new CustomEvent(CHUNK_LOADED_EVENT, { detail: createWidget }));
