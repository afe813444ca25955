import OpenAI from 'openai';
import type { OpenAiEndpoint } from '../config.ts';

/**
 * The official client on a configured OpenAI-compatible endpoint (transcription, summaries). Jobs retry with backoff
 * on their own; the client's two quick retries ride out a single 429 (honouring retry-after) or 5xx.
 */
export function openAiClient(endpoint: OpenAiEndpoint): OpenAI {
  return new OpenAI({ baseURL: endpoint.baseUrl, apiKey: endpoint.apiKey, maxRetries: 2, timeout: endpoint.timeoutMs });
}
